// Host names that can only mean this machine or a private network, refused without asking DNS: `localhost` and
// `*.localhost` (RFC 6761), `localhost.localdomain` (a common hosts-file alias), `.local` (mDNS, RFC 6762),
// `.internal` (reserved for private use), `.home.arpa` (RFC 8375), `.localdomain`, and single-label names (a
// resolver completes them with search domains, i.e. internal names). Pure: no I/O.

const PRIVATE_SUFFIXES = ['localhost', 'local', 'internal', 'localdomain', 'home.arpa', 'intranet', 'lan'];

/** The reason a host name is refused outright, or null when it is an ordinary public-looking name. */
export function privateNameReason(hostname: string): string | null {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (name === '') return 'empty host';
  if (!name.includes('.')) return `single-label host name ${name}`;
  for (const suffix of PRIVATE_SUFFIXES) {
    if (name === suffix || name.endsWith(`.${suffix}`)) return `host name under .${suffix}`;
  }
  return null;
}
