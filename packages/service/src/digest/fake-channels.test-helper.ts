/**
 * A fake Slack-compatible incoming webhook and a fake SMTP server (smtp-server), both on
 * 127.0.0.1, for the digest's tests: each keeps what it received.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A fake incoming webhook. */
export interface FakeWebhook {
  /** Its URL, with a secret-looking path like Slack's. */
  url: string;
  /** Bodies posted, parsed. */
  posts: unknown[];
  /** The status it answers with (200 by default). */
  status: number;
  close(): Promise<void>;
}

/** Starts a fake incoming webhook on 127.0.0.1. */
export async function startFakeWebhook(): Promise<FakeWebhook> {
  const posts: unknown[] = [];
  const fake = { posts, status: 200 } as FakeWebhook;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/services/T000/B000/secret-path') {
        posts.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      }
      response.writeHead(fake.status, { 'content-type': 'text/plain' });
      response.end(fake.status === 200 ? 'ok' : 'no_service');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}/services/T000/B000/secret-path`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}

/** A message the fake SMTP server took. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The user that logged in. */
  user: string | undefined;
  /** The whole message as sent (headers and body). */
  raw: string;
}

/** A fake SMTP server. */
export interface FakeSmtp {
  /** `smtp://digest:secret@127.0.0.1:<port>` (the only login it accepts). */
  url: string;
  port: number;
  messages: ReceivedMail[];
  close(): Promise<void>;
}

/** Starts a fake SMTP server on 127.0.0.1 (plain text, login `digest` / `secret`). */
export async function startFakeSmtp(): Promise<FakeSmtp> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'digest' && auth.password === 'secret') {
        callback(null, { user: auth.username });
      } else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://digest:secret@127.0.0.1:${port}`,
    port,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text body of a raw message: after the headers, quoted-printable decoded. */
export function mailText(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  const joined = body.replace(/=\r\n/g, '');
  const bytes: number[] = [];
  for (let at = 0; at < joined.length; at += 1) {
    const hex = joined.slice(at + 1, at + 3);
    if (joined[at] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      at += 2;
    } else bytes.push(...Buffer.from(joined[at] ?? '', 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8').replace(/\r\n/g, '\n');
}

/** A header's value in a raw message. */
export function mailHeader(raw: string, name: string): string | undefined {
  const headers = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const line = headers
    .split('\r\n')
    .find((row) => row.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}
