#!/usr/bin/env node
// Entry of the `svc` command (package.json "bin"); runs under Node 24 type stripping, no build step.

import { readFile } from 'node:fs/promises';
import { text } from 'node:stream/consumers';
import { runCli } from './cli-main.ts';

const readText = (path: string): Promise<string> => (path === '-' ? text(process.stdin) : readFile(path, 'utf8'));

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  readText,
  env: process.env,
});
