/**
 * Node-side helpers for the console's browser tests and benchmark: builds the console with Vite
 * into a temporary folder, and starts a real `sightline serve` (SQLite in a temporary data folder,
 * offline investigations) over the investigator's fake repository, serving that build at `/`;
 * sources added in the console may call 127.0.0.1 (where the tests' fake providers listen).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFakeRepository, type FakeRepository } from '@sightline/investigator/testing';
import { type RunningService, startService } from '@sightline/service';
import type { LanguageModel } from 'ai';
import { build } from 'vite';

/** A crash in the fake repository's `cartTotal` (a V8 stack trace). */
export const CRASH = `TypeError: Cannot read properties of undefined (reading 'price')
    at cartTotal (/srv/shop/src/cart/total.ts:6:25)
    at checkoutSummary (/srv/shop/src/checkout.ts:4:10)
    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)`;

/** The console package's folder (index.html, vite.config.ts). */
export const CONSOLE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Builds the console into a new temporary folder.
 * @returns the folder; remove it when done.
 */
export async function buildConsole(): Promise<string> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'sightline-console-'));
  await build({
    root: CONSOLE_ROOT,
    configFile: path.join(CONSOLE_ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

/** A running service with the console. */
export interface ConsoleService {
  service: RunningService;
  repo: FakeRepository;
  /** `POST /api/reports` with the API token. @returns the response's JSON. */
  ingest(reports: { id: string; text: string; receivedAt?: string }[]): Promise<unknown>;
  /** `GET <path>` of the API with the token. */
  get<T>(apiPath: string): Promise<T>;
  close(): Promise<void>;
}

/** Options of {@link startConsoleService}. */
export interface StartConsoleServiceOptions {
  /** The built console (see {@link buildConsole}). */
  consoleDir: string;
  /** Model of the assistant; none: the panel says how to configure one. */
  chatModel?: LanguageModel;
}

/** Starts the service on a free port of 127.0.0.1. */
export async function startConsoleService(
  options: StartConsoleServiceOptions,
): Promise<ConsoleService> {
  const repo = await createFakeRepository();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sightline-console-data-'));
  const service = await startService({
    repo: repo.root,
    project: 'shop',
    dataDir,
    port: 0,
    consoleDir: options.consoleDir,
    revisionCheckMs: 3_600_000,
    // The tests' fake providers listen here: the operator's allowance for sources added in the console.
    sourceHosts: ['127.0.0.1'],
    ...(options.chatModel ? { chatModel: options.chatModel } : {}),
  });
  // Read on every call: the token may have been rotated.
  const auth = () => ({ authorization: `Bearer ${service.token}` });
  return {
    service,
    repo,
    async ingest(reports) {
      const response = await fetch(`${service.url}/api/reports`, {
        method: 'POST',
        headers: { ...auth(), 'content-type': 'application/json' },
        body: JSON.stringify({ reports }),
      });
      return response.json();
    },
    async get<T>(apiPath: string) {
      return (await (await fetch(`${service.url}${apiPath}`, { headers: auth() })).json()) as T;
    },
    async close() {
      await service.close();
      await rm(dataDir, { recursive: true, force: true });
      await repo.cleanup();
    },
  };
}
