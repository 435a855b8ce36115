// The part of oidc-provider 9.x (untyped JavaScript) that the MCP e2e tests use: a real OpenID Connect provider on
// loopback with its development interactions (any login name is accepted and becomes the `sub`).
declare module 'oidc-provider' {
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    proxy: boolean;
    listen(port: number, host: string): import('node:http').Server;
  }
}
