/**
 * Sightline's own tags queries, by language id, run after the grammar package's `tags.scm` to
 * fill its gaps. Kept as TypeScript strings so they survive bundling.
 */
import { C_QUERY } from './c.js';
import { CPP_QUERY } from './cpp.js';
import { CSHARP_QUERY } from './csharp.js';
import { ECMASCRIPT_QUERY } from './ecmascript.js';
import { GO_QUERY } from './go.js';
import { JAVA_QUERY } from './java.js';
import { JAVASCRIPT_QUERY } from './javascript.js';
import { JSX_QUERY } from './jsx.js';
import { KOTLIN_QUERY } from './kotlin.js';
import { OBJC_QUERY } from './objc.js';
import { PHP_QUERY } from './php.js';
import { PYTHON_QUERY } from './python.js';
import { RUST_QUERY } from './rust.js';
import { TYPESCRIPT_QUERY } from './typescript.js';

/** Supplementary query sources for each language id, applied in order. */
export const SUPPLEMENTARY_QUERIES: Readonly<Record<string, readonly string[]>> = {
  typescript: [ECMASCRIPT_QUERY, TYPESCRIPT_QUERY],
  tsx: [ECMASCRIPT_QUERY, TYPESCRIPT_QUERY, JSX_QUERY],
  javascript: [ECMASCRIPT_QUERY, JAVASCRIPT_QUERY, JSX_QUERY],
  python: [PYTHON_QUERY],
  go: [GO_QUERY],
  rust: [RUST_QUERY],
  java: [JAVA_QUERY],
  csharp: [CSHARP_QUERY],
  php: [PHP_QUERY],
  c: [C_QUERY],
  cpp: [C_QUERY, CPP_QUERY],
  kotlin: [KOTLIN_QUERY],
  objc: [C_QUERY, OBJC_QUERY],
};
