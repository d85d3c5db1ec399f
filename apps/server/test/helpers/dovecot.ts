import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.js';

/** Where Debian's dovecot-core puts the master binary. */
const DOVECOT = process.env.DOVECOT_PATH ?? '/usr/sbin/dovecot';

/** Whether Dovecot is installed here (`apt-get install dovecot-imapd`). */
export function dovecotInstalled(): boolean {
  try {
    execFileSync(DOVECOT, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export interface TestImapServer {
  port: number;
  user: string;
  password: string;
  /** `imap://user:password@127.0.0.1:port/INBOX`, for INBOUND_IMAP_URL. */
  url: string;
  /** Stops the server: connections are refused, as when the mail server is down. */
  stop(): Promise<void>;
  /** Starts it again on the same port, with the same mail. */
  restart(): Promise<void>;
  /** Stops it and removes every file it had. */
  close(): Promise<void>;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * The configuration of a throw-away Dovecot: IMAP on 127.0.0.1 only, one user
 * from a password file, Maildir under `directory`, and every run, state and
 * log file there too, so nothing in /etc/dovecot or /var is read or written.
 * As root, the mail belongs to `nobody` (Dovecot does not serve mail as root);
 * otherwise to whoever runs the tests.
 */
function configuration(directory: string, port: number, owner: { user: string; group: string }) {
  return `# written by test/helpers/dovecot.ts; removed with the directory
base_dir = ${directory}/run
state_dir = ${directory}/state
log_path = ${directory}/dovecot.log
instance_name = sufel-test-${randomBytes(4).toString('hex')}
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${owner.user}
default_login_user = ${owner.user}
first_valid_uid = 0
mail_location = maildir:${directory}/mail/%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${directory}/users
}
userdb {
  driver = static
  args = uid=${owner.user} gid=${owner.group} home=${directory}/mail/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
  chroot =
}
service anvil {
  chroot =
}
`;
}

/**
 * A real IMAP server (Dovecot, from Debian's dovecot-imapd) on a free port of
 * 127.0.0.1 with one empty mailbox, in a temporary directory of its own.
 */
export async function startDovecot(): Promise<TestImapServer> {
  const directory = await mkdtemp(path.join(tmpdir(), 'sufel-dovecot-'));
  const root = process.getuid?.() === 0;
  const owner = root
    ? { user: 'nobody', group: 'nogroup' }
    : { user: userInfo().username, group: String(process.getgid?.()) };
  const user = 'facturas';
  const password = randomBytes(9).toString('base64url');
  await mkdir(path.join(directory, 'mail'));
  await writeFile(path.join(directory, 'users'), `${user}:{PLAIN}${password}\n`);
  if (root) {
    // The mail processes run as nobody: they must reach and write the mail directory.
    await chmod(directory, 0o755);
    const uid = Number(execFileSync('id', ['-u', 'nobody']).toString());
    const gid = Number(execFileSync('id', ['-g', 'nobody']).toString());
    await chown(path.join(directory, 'mail'), uid, gid);
  }
  const port = await freePort();
  const config = path.join(directory, 'dovecot.conf');
  await writeFile(config, configuration(directory, port, owner));

  let child: ChildProcess | null = null;
  const start = async () => {
    let output = '';
    const started = spawn(DOVECOT, ['-F', '-c', config], { stdio: ['ignore', 'pipe', 'pipe'] });
    started.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child = started;
    const deadline = Date.now() + 15_000;
    while (!(await listening(port))) {
      if (started.exitCode !== null || Date.now() > deadline) {
        started.kill('SIGKILL');
        throw new Error(`Dovecot did not start on port ${port}:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (running === null || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
    while (await listening(port)) await new Promise((resolve) => setTimeout(resolve, 50));
  };

  try {
    await start();
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    user,
    password,
    url: `imap://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/INBOX`,
    stop,
    restart: start,
    async close() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
