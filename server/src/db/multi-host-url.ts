/** One PostgreSQL server of a multi-host DATABASE_URL. */
export interface PostgresHost {
  readonly host: string;
  readonly port: number;
}

/** A multi-host URL taken apart: its servers, and a single-host URL for everything else. */
export interface MultiHostUrl {
  readonly hosts: readonly PostgresHost[];
  /** The URL with only `host` and without `target_session_attrs`, as node-postgres reads it. */
  readonly urlFor: (host: PostgresHost) => string;
}

const DEFAULT_PORT = 5432;
/** libpq's words for "the server that takes writes"; anything else is refused, not guessed. */
const WRITABLE_TARGETS = new Set(['read-write', 'primary']);

function parseHost(text: string, url: string): PostgresHost {
  // `[::1]:5433` (IPv6 in brackets), `host:5433` or `host`.
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(text);
  if (!match) throw new Error(`DATABASE_URL: cannot read the host "${text}" in ${redact(url)}`);
  const host = match[1]!.replace(/^\[|\]$/g, '');
  return { host, port: match[2] ? Number(match[2]) : DEFAULT_PORT };
}

/** The URL with its password replaced, for messages. */
const redact = (url: string) => url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');

/**
 * Reads libpq's multi-host form, `postgres://user@host1:5433,host2:5434/db?target_session_attrs=read-write`
 * (node-postgres reads only one host), or answers null for a URL with one host, which is then
 * used exactly as it is. The servers are tried in their order; only the writable one is used.
 */
export function parseMultiHostUrl(url: string): MultiHostUrl | null {
  const match = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?([^/?#]*)(.*)$/.exec(url);
  if (!match || !match[3]!.includes(',')) return null;
  const [, scheme, userInfo = '', hostList, rest] = match;
  const hosts = hostList!.split(',').map((text) => parseHost(text.trim(), url));
  const [path, query = ''] = rest!.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  const target = params.get('target_session_attrs');
  if (target !== null && !WRITABLE_TARGETS.has(target))
    throw new Error(
      `DATABASE_URL: target_session_attrs=${target} is not supported; the server writes, so it needs read-write`,
    );
  params.delete('target_session_attrs');
  const search = params.size ? `?${params.toString()}` : '';
  const urlFor = ({ host, port }: PostgresHost) =>
    `${scheme}${userInfo}${host.includes(':') ? `[${host}]` : host}:${port}${path}${search}`;
  return { hosts, urlFor };
}
