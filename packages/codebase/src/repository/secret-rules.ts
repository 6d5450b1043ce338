/**
 * The secret formats Sightline checks beside secretlint's recommended preset. Token formats are
 * written from gitleaks' published rule set (gitleaks/gitleaks `config/gitleaks.toml`, the rule
 * ids are named on each), plus the shapes issue #34 found leaking: unquoted settings in YAML,
 * compose, INI and shell files, npm `_authToken` lines, kubeconfig client keys, 48-character
 * OpenAI keys, and the values of secret-named settings that span several lines. Each rule marks
 * the character range it matched; the scanner withholds every line that range touches.
 */

/** One rule that finds secrets in a text. */
export interface SecretRule {
  /** What was found, shown in the withheld note (never the secret). */
  what: string;
  /** Character ranges [start, end) of the secrets in `text`. */
  find(text: string, filePath: string): Iterable<[number, number]>;
}

/** A rule from one regular expression (global flag); every match is a secret. */
function pattern(what: string, regex: RegExp): SecretRule {
  return {
    what,
    *find(text) {
      for (const match of text.matchAll(regex)) {
        yield [match.index, match.index + match[0].length];
      }
    },
  };
}

const KEY_BEGIN = /-----BEGIN [A-Z0-9 _-]*PRIVATE KEY(?: BLOCK)?-----/g;
const KEY_END = /-----END [A-Z0-9 _-]*PRIVATE KEY(?: BLOCK)?-----/g;
/** Farthest a private key's END line is looked for, in characters (an RSA-8192 key is ~6,500). */
const KEY_SPAN_CHARS = 16_384;
/** A line of a key's body: base64, or a PEM header (`Proc-Type: 4,ENCRYPTED`). */
const KEY_BODY_LINE = /^\s*(?:[A-Za-z0-9+/=]+|[A-Za-z-]+: [\w ,-]+)?\s*$/;

/**
 * A private key block: from `-----BEGIN … PRIVATE KEY-----` to its END line; without an END line
 * near, to the end of the lines that look like a key's body (a key cut short still hides its
 * body). A BEGIN line with no body at all (a message naming the format) is not a key.
 */
const PRIVATE_KEY_RULE: SecretRule = {
  what: 'a private key block',
  *find(text) {
    for (const begin of text.matchAll(KEY_BEGIN)) {
      const from = begin.index + begin[0].length;
      KEY_END.lastIndex = from;
      const end = KEY_END.exec(text.slice(0, from + KEY_SPAN_CHARS));
      if (end) {
        yield [begin.index, end.index + end[0].length];
        continue;
      }
      let stop = text.indexOf('\n', from);
      const rest = text.slice(from, stop === -1 ? text.length : stop);
      let bodyLines = 0;
      while (stop !== -1) {
        const next = text.indexOf('\n', stop + 1);
        const line = text.slice(stop + 1, next === -1 ? text.length : next);
        if (line.trim() === '' || !KEY_BODY_LINE.test(line)) break;
        stop = next;
        bodyLines++;
      }
      // A BEGIN line with no body after it, on its line or below, only names the format.
      if (bodyLines === 0 && !/[A-Za-z0-9+/]{16,}/.test(rest)) continue;
      yield [begin.index, stop === -1 ? text.length : stop];
    }
  },
};

/**
 * Token formats with a fixed prefix, after gitleaks' rules of the same ids (the patterns are
 * written here from that documentation, not copied; boundaries are JavaScript's `\b`).
 */
const TOKEN_RULES: SecretRule[] = [
  // gitleaks `private-key` (secretlint's rule needs a block it can parse; this one does not).
  PRIVATE_KEY_RULE,
  // gitleaks `jwt`.
  pattern('a JSON Web Token', /\beyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}/g),
  // gitleaks `gitlab-pat`, `gitlab-ptt`, `gitlab-rrt`, `gitlab-deploy-token`, `gitlab-cicd-job-token`.
  pattern('a GitLab token', /\bgl(?:pat|dt|rt|ptt|cbt|soat|ft|imt|agent)-[\w-]{20,}/g),
  // gitleaks `aws-access-token`.
  pattern(
    'an AWS access key ID',
    /\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA)[A-Z0-9]{16}\b/g,
  ),
  // gitleaks `stripe-access-token`: a live or test key anywhere, a call's argument included.
  pattern('a Stripe key', /\b(?:sk|rk)_(?:test|live|prod)_[A-Za-z0-9]{10,99}\b/g),
  // gitleaks `gcp-api-key`.
  pattern('a Google API key', /\bAIza[\w-]{35}(?![\w-])/g),
  // gitleaks `openai-api-key` (project, service-account and admin keys); the 48-character
  // `sk-` key is OpenAI's older user key, which secretlint's rule (it needs `T3BlbkFJ`) misses.
  pattern('an OpenAI key', /\bsk-(?:(?:proj|svcacct|admin)-[\w-]{20,}|[A-Za-z0-9]{48}(?![\w-]))/g),
  // gitleaks `anthropic-api-key`, `anthropic-admin-api-key`.
  pattern('an Anthropic key', /\bsk-ant-(?:api|admin)\d\d-[\w-]{20,}/g),
  // gitleaks `npm-access-token`.
  pattern('an npm token', /\bnpm_[A-Za-z0-9]{36}\b/g),
  // gitleaks `huggingface-access-token`.
  pattern('a Hugging Face token', /\bhf_[A-Za-z]{34}\b/g),
  // gitleaks `digitalocean-pat`, `digitalocean-access-token`, `digitalocean-refresh-token`.
  pattern('a DigitalOcean token', /\bdo[opr]_v1_[a-f0-9]{64}\b/g),
  // gitleaks `pypi-upload-token` (the base64 of the token's `pypi.org` caveat).
  pattern('a PyPI token', /\bpypi-AgEIcHlwaS5vcmc[\w-]{50,}/g),
  // gitleaks `sendgrid-api-token`.
  pattern('a SendGrid key', /\bSG\.[\w=.-]{66}/g),
  // gitleaks `twilio-api-key`.
  pattern('a Twilio key', /\bSK[0-9a-fA-F]{32}\b/g),
  // gitleaks `square-access-token`.
  pattern('a Square token', /\b(?:sq0atp|sq0csp)-[\w-]{22,60}/g),
  // gitleaks `vault-service-token`, `vault-batch-token`.
  pattern('a Vault token', /\bhv[sb]\.[\w-]{90,}/g),
  // gitleaks `heroku-api-key-v2`.
  pattern('a Heroku key', /\bHRKU-AA[\w-]{58}/g),
  // gitleaks `sentry-user-token`, `sentry-org-token`.
  pattern('a Sentry token', /\bsntry[us]_[\w=+/]{40,}/g),
  // gitleaks `slack-webhook-url`.
  pattern(
    'a Slack webhook',
    /hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9+/]{20,}/g,
  ),
  // gitleaks `databricks-api-token`.
  pattern('a Databricks token', /\bdapi[a-f0-9]{32}(?:-\d)?\b/g),
  // gitleaks `doppler-api-token`.
  pattern('a Doppler token', /\bdp\.pt\.[A-Za-z0-9]{43}\b/g),
  // gitleaks `age-secret-key`.
  pattern('an age secret key', /AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}/g),
  // gitleaks `azure-ad-client-secret`.
  pattern('an Azure client secret', /(?<![\w~.])[\w~.]{3}\dQ~[\w~.-]{31,34}(?![\w~.-])/g),
  // gitleaks `telegram-bot-api-token`.
  pattern('a Telegram bot token', /\b\d{8,10}:AA[\w-]{33}\b/g),
  // gitleaks `github-fine-grained-pat`, `github-app-token` (secretlint covers the classic ones too).
  pattern('a GitHub token', /\b(?:github_pat_\w{82}|gh[pousr]_[A-Za-z0-9]{36,})\b/g),
  // gitleaks `slack-bot-token`, `slack-user-token`, `slack-app-token` and friends.
  pattern('a Slack token', /\bxox[abeoprs]-(?:\d+-)?[\w-]{10,}/g),
  // npm's `.npmrc` setting (any value, `_authToken = <uuid>` with spaces included), wherever it is.
  pattern('an npm auth token setting', /\b_(?:authToken|auth|password)\s*=\s*(?!\$\{)[^\s'"]{6,}/g),
  // A kubeconfig's client key, `client-key-data: <base64>` (Kubernetes' kubeconfig format).
  pattern('a kubeconfig client key', /\bclient-key-data\s*:\s*["']?[A-Za-z0-9+/=]{16,}/g),
  pattern('credentials in a URL', /\b[a-z][\w+.-]*:\/\/[^\s/:@'"]+:[^\s/@'"]+@[^\s/'"]+/gi),
  pattern(
    'a password or token literal',
    /(?:secret|passw(?:or)?d|token|api_?key|access_?key|private_?key|client_?secret)\w*["']?\s*[:=]\s*["'][^"'\s]{8,}["']/gi,
  ),
];

/** Names of settings whose value is a secret (the last part of a dotted, dashed or snake name). */
export const SECRET_SETTING =
  /(?:^|[^a-z])(?:pass(?:word|wd|phrase)?|pwd|secret|token|(?:api|access|private|secret|signing|encryption|master)_?key|client_?secret|auth|credentials?)$/i;

/** Setting names that only name or point at a secret (`token_url`, `secret_name`). */
const SECRET_SETTING_POINTER =
  /(?:^|[^a-z])(?:url|uri|endpoint|file|path|name|type|id|length|size|env|ref|header|field|key_?id|expir\w*|ttl)$/i;

/** Values that are not secrets: empty, a placeholder, a variable, a template. */
export const PLACEHOLDER =
  /^(?:|changeme|change_me|null|none|nil|true|false|~|x{3,}|\*+|<[^>]*>|\$\{?[\w:-]+\}?|\$\(.*\)|%[\w]+%|\{\{.*\}\}|your[-_\w]*|example[-_\w]*|required|optional)$/i;

/** Extensions (and names) of files that hold settings rather than code. */
const SETTINGS_FILE =
  /(?:\.(?:ya?ml|ini|cfg|conf|config|properties|toml|env|sh|bash|zsh|envrc|tfvars|hcl|txt)|(?:^|\/)(?:dockerfile|makefile|procfile|[^/]*compose[^/]*))$/i;

/** `key: value`, `KEY=value`, `- KEY=value`, `export KEY=value`, `key = "value"`. */
const SETTING_LINE =
  /^(\s*(?:-\s+)?(?:export\s+)?["']?)([A-Za-z_][\w.-]*)(["']?\s*(?:=|:(?!:))\s*)(.*?)\s*$/;

/**
 * The values of secret-named settings in settings files (YAML, compose, INI, properties, shell,
 * dotenv-like text), quoted or not, and the lines of a block value (`password: |`) under them.
 */
const SETTING_RULE: SecretRule = {
  what: 'a secret-named setting',
  *find(text, filePath) {
    if (!SETTINGS_FILE.test(filePath)) return;
    let offset = 0;
    const lines = text.split('\n');
    for (let index = 0; index < lines.length; index++) {
      const line = lines[index] ?? '';
      const match = SETTING_LINE.exec(line.replace(/\r$/, ''));
      const start = offset;
      offset += line.length + 1;
      if (!match) continue;
      const [, , key = '', , raw = ''] = match;
      const value = raw.replace(/\s+#.*$/, '').replace(/^["']|["']$/g, '');
      if (!SECRET_SETTING.test(key) || SECRET_SETTING_POINTER.test(key)) continue;
      if (/^[|>][-+]?$/.test(value)) {
        // A YAML block value: the more-indented lines below it.
        const indent = /^\s*/.exec(line)?.[0].length ?? 0;
        let end = offset;
        while (index + 1 < lines.length) {
          const next = lines[index + 1] ?? '';
          if (next.trim() !== '' && (/^\s*/.exec(next)?.[0].length ?? 0) <= indent) break;
          end += next.length + 1;
          offset += next.length + 1;
          index++;
        }
        yield [start, end];
      } else if (!PLACEHOLDER.test(value.trim())) {
        yield [start, start + line.length];
      }
    }
  },
};

/**
 * A multi-line string given to a secret-named name in code: a template literal or a Python
 * triple-quoted string (`privateKey = \`` … `` \` ``), every line of it.
 */
const MULTI_LINE_VALUE_RULE: SecretRule = {
  what: 'a multi-line secret value',
  *find(text) {
    const opening =
      /(?:secret|passw(?:or)?d|token|api_?key|private_?key|credentials?)\w*["']?\s*[:=]\s*(`|"""|''')/gi;
    for (const match of text.matchAll(opening)) {
      const quote = match[1] ?? '`';
      const from = match.index + match[0].length;
      const close = text.indexOf(quote, from);
      const end = close === -1 ? text.length : close + quote.length;
      if (text.slice(from, end).includes('\n')) yield [match.index, end];
    }
  },
};

/** Shannon entropy of a text, in bits per character. */
export function shannonEntropy(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const share = count / text.length;
    bits -= share * Math.log2(share);
  }
  return bits;
}

/**
 * gitleaks' `generic-api-key` idea: a secret-sounding name given a value of 10–150 word
 * characters (or base64) whose entropy is at least 3.5 bits a character and that is not made of
 * letters alone (a name, not a key). The name may sit in code (`authKey: 'x'`, `TOKEN=x`).
 */
const GENERIC_KEY_RULE: SecretRule = {
  what: 'a high-entropy value of a secret-named setting',
  *find(text) {
    const assignment =
      /([\w.-]{0,50}?(?:access|auth|api|credential|creds|key|passw(?:or)?d|secret|token)[\w.-]{0,20})[\s'"]{0,3}(?:=|:{1,3}=|:|=>|\?=)[`'"\s=]{0,5}([\w.=-]{10,150}|[a-z0-9][a-z0-9+/]{11,}={0,3})(?=[`'"\s;,)]|\\[nr]|$)/gim;
    for (const match of text.matchAll(assignment)) {
      const [whole, name = '', value = ''] = match;
      if (SECRET_SETTING_POINTER.test(name) || /^[A-Za-z_.-]+$/.test(value)) continue;
      if (shannonEntropy(value) < 3.5) continue;
      yield [match.index, match.index + whole.length];
    }
  },
};

/** Every rule of this module, in the order their notes are preferred. */
export const SECRET_RULES: readonly SecretRule[] = [
  ...TOKEN_RULES,
  SETTING_RULE,
  MULTI_LINE_VALUE_RULE,
  GENERIC_KEY_RULE,
];
