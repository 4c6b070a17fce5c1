import { EmbeddedPostgresError, describeInitFailure, describeStartFailure } from './embedded-postgres-errors.mjs';

// Postgres 18's own words (LC_MESSAGES=C) for each way a start fails.
const BIND_FAILED = `2026-11-23 23:12:54.298 UTC [12748] LOG:  starting PostgreSQL 18.4 on x86_64-pc-linux-gnu
2026-11-23 23:12:54.299 UTC [12748] LOG:  could not bind IPv4 address "127.0.0.1": Address already in use
2026-11-23 23:12:54.299 UTC [12748] HINT:  Is another postmaster already running on port 54411? If not, wait a few seconds and retry.
2026-11-23 23:12:54.299 UTC [12748] WARNING:  could not create listen socket for "localhost"
2026-11-23 23:12:54.299 UTC [12748] FATAL:  could not create any TCP/IP sockets
2026-11-23 23:12:54.301 UTC [12748] LOG:  database system is shut down`;
const SOCKET_LOCKED = `2026-11-23 23:12:54.367 UTC [12751] FATAL:  lock file "/tmp/.s.PGSQL.54411.lock" already exists
2026-11-23 23:12:54.367 UTC [12751] HINT:  Is another postmaster (PID 12715) using socket file "/tmp/.s.PGSQL.54411"?`;
const DATA_DIR_LOCKED = `2026-11-23 23:12:54.367 UTC [12751] FATAL:  lock file "postmaster.pid" already exists
2026-11-23 23:12:54.367 UTC [12751] HINT:  Is another postmaster (PID 12715) running in data directory "/srv/.data/postgres"?`;
const WRONG_OWNER = `2026-11-23 23:20:01.100 UTC [13001] FATAL:  data directory "/srv/.data/postgres" has wrong ownership
2026-11-23 23:20:01.100 UTC [13001] HINT:  The server must be started by the user that owns the data directory.`;

const where = { port: 54411, clusterDir: '/srv/.data/postgres' };

describe('embedded Postgres start failures', () => {
  it.each([
    ['a port another process listens on', BIND_FAILED],
    ['a port whose socket lock another Postgres holds', SOCKET_LOCKED],
  ])('%s: names the port and EMBEDDED_POSTGRES_PORT', (_, log) => {
    const error = describeStartFailure(log, where);
    expect(error).toBeInstanceOf(EmbeddedPostgresError);
    expect(error.message).toMatch(/port 54411: the port is already in use/);
    expect(error.message).toContain('set EMBEDDED_POSTGRES_PORT to a free port');
  });

  it('a data directory another Postgres runs on: names its pid and the directory', () => {
    const error = describeStartFailure(DATA_DIR_LOCKED, where);
    expect(error.message).toMatch(/^Another Postgres \(pid 12715\) is already running on the embedded data directory \/srv\/\.data\/postgres: /);
    expect(error.message).toContain('DATA_DIR');
  });

  it('anything else: Postgres\' FATAL line without its prefix', () => {
    const error = describeStartFailure(WRONG_OWNER, where);
    expect(error.message).toBe(
      'The embedded Postgres (data /srv/.data/postgres, port 54411) stopped while starting: data directory "/srv/.data/postgres" has wrong ownership. ' +
        'Fix the cause, or set DATABASE_URL to use another Postgres server.',
    );
  });

  it('initdb: its error line, and what to remove', () => {
    const log = 'The files belonging to this database system will be owned by user "postgres".\n\ninitdb: error: directory "/srv/.data/postgres" exists but is not empty\n';
    expect(describeInitFailure('initdb', log, '/srv/.data/postgres').message).toBe(
      'Could not create the embedded Postgres data directory /srv/.data/postgres: initdb failed: directory "/srv/.data/postgres" exists but is not empty. ' +
        'Remove /srv/.data/postgres if it holds nothing you need and start again, or set DATABASE_URL to use another Postgres server.',
    );
  });

  it('is one line, and its stack is that line (printers show the stack)', () => {
    for (const log of [BIND_FAILED, SOCKET_LOCKED, DATA_DIR_LOCKED, WRONG_OWNER, '']) {
      const error = describeStartFailure(log, where);
      expect(error.message).not.toContain('\n');
      expect(error.stack).toBe(error.message);
    }
  });
});
