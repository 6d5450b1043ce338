/**
 * Planted secrets of the hostile repository (hostile-repository.ts) in the formats of the leak
 * classes closed after fresh-user trial 46: passwords set by SQL statements, Redis' directives,
 * keystores' and OpenSSL's pass phrases, passwords given with their user on a command line, the
 * Azure CLI's login, PowerShell's plain-text secure strings, Go MySQL DSNs, literals of names
 * spelled `pw` and `pass_word`, a dictionary initializer's pair, a secret-named Terraform
 * variable's default (a heredoc too), Redis ACL users, OpenLDAP's `-w`, `zip -P` and `openssl enc
 * -k`, a Lua table's computed key, and password options as list items (trial 48); and after
 * them, passwords of prose and of config comments made of letters or digits alone, a quoted
 * passphrase and a commented-out setting, and passwords after Markdown's emphasis and in its
 * tables, literals compared with secret-named names, XML settings over several lines, and
 * Windows' `net use` and `net user` passwords, and secret-named Terraform variables' list and map
 * defaults, and literals compared with secret-named names in assertions, switches and membership
 * tests, and a password after a code span's key of a few words; and after them, a password of
 * letters alone compared, a setting read by a call with its key, testify suites' and Gomega's
 * assertions, a comparison split at its operator, and stubs of a password's getter. Every value
 * spells `Fake` (or `fake`), but a password of digits alone.
 */

/** One secret to plant on a `{{name}}` placeholder of a file's text. */
export interface Planted {
  /** Short name of the format, e.g. `sql-identified-by`. */
  format: string;
  /** The secret's text, as planted on its line. */
  value: string;
  /** Substrings any of which in an output is a leak (default: the value and a piece of it). */
  markers?: string[];
}

/** A file of the hostile repository: its text, and the secrets planted on its placeholders. */
export interface PlantedFile {
  text: string;
  planted: Record<string, Planted>;
}

/** A fake secret per format. */
const FAKE = {
  sqlIdentifiedBy: 'FakeSqlPw46',
  sqlRole: 'FakeSqlRolePw46',
  redisRequire: 'FakeRedisPw46',
  redisMaster: 'FakeRedisMasterPw46',
  jksStore: 'FakeStorePw46',
  opensslOut: 'FakeOpensslPw46',
  apacheBatch: 'FakeHtpasswdPw46',
  sambaUser: 'FakeSambaPw46',
  lftpUser: 'FakeLftpPw46',
  azureLogin: 'FakeAzurePw46',
  secureString: 'FakeSecureStringPw46',
  goDsn: 'FakeGoDsnPw46',
  shortName: 'FakeShortPw46',
  snakeWord: 'FakeSnakeWordPw46',
  dictionaryPair: 'FakeDictPairPw46',
  terraformDefault: 'FakeTfDefaultPw46',
  terraformHeredoc: 'FakeTfHeredocPw46',
  redisAcl: 'FakeRedisAclPw46',
  ldapBind: 'FakeLdapBindPw46',
  zipArchive: 'FakeZipPw46',
  opensslEnc: 'FakeOpensslEncPw46',
  luaTable: 'FakeLuaKeyPw46',
  optionPair: 'FakeOptionPairPw48',
  optionSequence: 'FakeOptionSeqPw48',
  proseLetters: 'FakeProseWordPw',
  proseDigits: '90417263580',
  prosePassphrase: 'fake horse battery staple',
  commentedSetting: 'FakeCommentedPw49',
  emphasisColon: 'FakeEmphasisPw50',
  emphasisUnderscore: 'FakeUnderscorePw50',
  tableCell: 'FakeTableCellPw50',
  tableColumn: 'FakeTableColumnPw50',
  comparedStrict: 'FakeComparedPw51',
  comparedEquals: 'FakeEqualsPw51',
  comparedPython: 'FakeComparedTokenPw51',
  xmlElementLines: 'FakeXmlLinesPw52',
  xmlAttributeLine: 'FakeXmlAttributePw52',
  xmlSpringValue: 'FakeXmlSpringPw52',
  netUse: 'FakeNetUsePw53',
  netUser: 'FakeNetUserPw53',
  terraformList: 'FakeTfListPw54',
  terraformMap: 'FakeTfMapPw54',
  assertedJest: 'FakeAssertedPw55',
  assertedGetter: 'FakeGetterTokenPw55',
  switchedLabel: 'FakeSwitchedPw55',
  membershipPython: 'FakeMemberPw55',
  codeSpanWords: 'FakeCodeSpanPw55',
  comparedLetters: 'Fakeletmein',
  comparedEnvCall: 'FakeEnvCallTokenPw56',
  suiteEqual: 'FakeSuitePw56',
  gomegaEqual: 'FakeGomegaPw56',
  splitOperator: 'FakeSplitPw56',
  stubbedGetter: 'FakeStubbedPw56',
  stubbedSpy: 'FakeSpiedPw56',
};

/** Files read normally; each `{{name}}` placeholder plants one secret. */
export const PLANTED_FILES: Record<string, PlantedFile> = {
  'db/001_users.sql': {
    text: "CREATE DATABASE shop;\nCREATE USER app IDENTIFIED BY '{{sqlIdentifiedBy}}';\nCREATE ROLE report WITH LOGIN PASSWORD '{{sqlRole}}';\nGRANT SELECT ON ALL TABLES IN SCHEMA public TO report;\n",
    planted: {
      sqlIdentifiedBy: { format: 'sql-identified-by', value: FAKE.sqlIdentifiedBy },
      sqlRole: { format: 'sql-role-password', value: FAKE.sqlRole },
    },
  },
  'config/redis.conf': {
    text: 'bind 127.0.0.1\nport 6379\nrequirepass {{redisRequire}}\nmasterauth {{redisMaster}}\nuser app on >{{redisAcl}} ~* +@all\nappendonly yes\n',
    planted: {
      redisAcl: { format: 'redis-acl-user-password', value: FAKE.redisAcl },
      redisRequire: { format: 'redis-requirepass', value: FAKE.redisRequire },
      redisMaster: { format: 'redis-masterauth', value: FAKE.redisMaster },
    },
  },
  'scripts/release.sh': {
    text: [
      '#!/bin/sh',
      'set -e',
      'keytool -genkeypair -alias app -keystore app.jks -storepass {{jksStore}} -dname CN=app',
      'openssl pkcs12 -export -in app.crt -inkey app.key -out app.p12 -passout pass:{{opensslOut}}',
      'htpasswd -b -c deploy/.htpasswd admin {{apacheBatch}}',
      "smbclient //files.example.com/releases -U deploy%{{sambaUser}} -c 'put app.p12'",
      'lftp -u deploy,{{lftpUser}} sftp://files.example.com',
      'az login -u deploy@example.com -p {{azureLogin}}',
      'ldapsearch -x -D cn=deploy,dc=example,dc=com -w {{ldapBind}} -b dc=example,dc=com',
      'zip -r -P {{zipArchive}} release.zip dist/',
      'openssl enc -aes-256-cbc -salt -k {{opensslEnc}} -in release.zip -out release.enc',
      '',
    ].join('\n'),
    planted: {
      jksStore: { format: 'keytool-storepass', value: FAKE.jksStore },
      opensslOut: { format: 'openssl-passout', value: FAKE.opensslOut },
      apacheBatch: { format: 'htpasswd-batch', value: FAKE.apacheBatch },
      sambaUser: { format: 'smbclient-user-percent-password', value: FAKE.sambaUser },
      lftpUser: { format: 'lftp-user-comma-password', value: FAKE.lftpUser },
      azureLogin: { format: 'az-login-password', value: FAKE.azureLogin },
      ldapBind: { format: 'ldapsearch-bind-password', value: FAKE.ldapBind },
      zipArchive: { format: 'zip-archive-password', value: FAKE.zipArchive },
      opensslEnc: { format: 'openssl-enc-k', value: FAKE.opensslEnc },
    },
  },
  'deploy/connect.ps1': {
    text: 'param([string]$User)\n$secure = ConvertTo-SecureString "{{secureString}}" -AsPlainText -Force\n$credential = New-Object PSCredential($User, $secure)\n',
    planted: {
      secureString: { format: 'powershell-plain-text-secure-string', value: FAKE.secureString },
    },
  },
  'cmd/store/db.go': {
    text: 'package store\n\nimport "database/sql"\n\nfunc Open() (*sql.DB, error) {\n\treturn sql.Open("mysql", "app:{{goDsn}}@tcp(127.0.0.1:3306)/shop")\n}\n',
    planted: { goDsn: { format: 'go-mysql-dsn', value: FAKE.goDsn } },
  },
  'src/smtp.py': {
    text: 'import smtplib\n\nsmtp_pw = "{{shortName}}"\nadmin_pass_word = "{{snakeWord}}"\n\n\ndef send():\n    return smtplib.SMTP("mail.example.com")\n',
    planted: {
      shortName: { format: 'pw-named-literal', value: FAKE.shortName },
      snakeWord: { format: 'pass-word-named-literal', value: FAKE.snakeWord },
    },
  },
  'src/Settings.cs': {
    text: 'public static class Settings\n{\n    public static readonly Dictionary<string, string> Values = new()\n    {\n        { "user", "app" },\n        { "password", "{{dictionaryPair}}" },\n    };\n}\n',
    planted: {
      dictionaryPair: { format: 'dictionary-initializer-pair', value: FAKE.dictionaryPair },
    },
  },
  // Already withheld before these rules: kept so the benchmark covers it.
  'src/config.lua': {
    text: 'local settings = {\n  host = "db.example.com",\n  ["password"] = "{{luaTable}}",\n}\nreturn settings\n',
    planted: {
      luaTable: { format: 'lua-computed-key', value: FAKE.luaTable },
    },
  },
  // Fresh-user trial 48: password options whose names hold no secret word, as list items.
  'k8s/redis.yaml': {
    text: 'containers:\n  - name: redis\n    command: ["redis-server", "--requirepass", "{{optionPair}}"]\n  - name: replica\n    args:\n      - --masterauth\n      - {{optionSequence}}\n',
    planted: {
      optionPair: { format: 'password-option-list-pair', value: FAKE.optionPair },
      optionSequence: { format: 'password-option-yaml-sequence', value: FAKE.optionSequence },
    },
  },
  'infra/variables.tf': {
    text: 'variable "db_user" {\n  default = "app"\n}\n\nvariable "db_password" {\n  type      = string\n  sensitive = true\n  default   = "{{terraformDefault}}"\n}\n\nvariable "api_token" {\n  type    = string\n  default = <<-EOT\n    {{terraformHeredoc}}\n  EOT\n}\n',
    planted: {
      terraformHeredoc: {
        format: 'terraform-variable-heredoc-default',
        value: FAKE.terraformHeredoc,
      },
      terraformDefault: { format: 'terraform-variable-default', value: FAKE.terraformDefault },
    },
  },
  // A password of prose or of a settings file's comment, by its shape alone.
  'docs/ops-notes.md': {
    text: '# Ops notes\n\nStaging admin, until the rotation:\npwd: {{proseLetters}}\n\nThe backup password is {{proseDigits}}.\nWi-Fi passphrase: "{{prosePassphrase}}"\n',
    planted: {
      proseLetters: { format: 'prose-password-letters', value: FAKE.proseLetters },
      proseDigits: { format: 'prose-password-digits', value: FAKE.proseDigits },
      prosePassphrase: { format: 'prose-quoted-passphrase', value: FAKE.prosePassphrase },
    },
  },
  'config/worker.yaml': {
    text: 'queue: jobs\n# kept from the old host:\n# DB_PASSWORD={{commentedSetting}}\nworkers: 4\n',
    planted: {
      commentedSetting: { format: 'commented-out-setting', value: FAKE.commentedSetting },
    },
  },
  'docs/accounts.md': {
    text: '# Test accounts\n\n**Password:** {{emphasisColon}}\n_password_: {{emphasisUnderscore}}\n\n| setting | value |\n| --- | --- |\n| password | {{tableCell}} |\n\n| user | password |\n| --- | --- |\n| admin | {{tableColumn}} |\n',
    planted: {
      emphasisColon: { format: 'markdown-bold-label-password', value: FAKE.emphasisColon },
      emphasisUnderscore: {
        format: 'markdown-emphasis-password',
        value: FAKE.emphasisUnderscore,
      },
      tableCell: { format: 'markdown-table-cell-password', value: FAKE.tableCell },
      tableColumn: { format: 'markdown-table-column-password', value: FAKE.tableColumn },
    },
  },
  'src/admin-gate.ts': {
    text: 'export function isAdmin(password: string): boolean {\n  if (password === "{{comparedStrict}}") return true;\n  return false;\n}\n',
    planted: { comparedStrict: { format: 'compared-literal-strict', value: FAKE.comparedStrict } },
  },
  'src/main/java/app/Gate.java': {
    text: 'class Gate {\n  boolean open(String secret) {\n    return secret.equals("{{comparedEquals}}");\n  }\n}\n',
    planted: { comparedEquals: { format: 'compared-literal-equals', value: FAKE.comparedEquals } },
  },
  'src/gate.py': {
    text: 'def check(token):\n    if token != "{{comparedPython}}":\n        raise PermissionError("no")\n',
    planted: { comparedPython: { format: 'compared-literal-python', value: FAKE.comparedPython } },
  },
  'config/web.config': {
    text: '<configuration>\n  <appSettings>\n    <add key="Host" value="db.example.com" />\n    <add key="DbPassword"\n         value="{{xmlAttributeLine}}" />\n  </appSettings>\n</configuration>\n',
    planted: {
      xmlAttributeLine: { format: 'xml-attribute-next-line', value: FAKE.xmlAttributeLine },
    },
  },
  'config/maven-settings.xml': {
    text: '<settings>\n  <servers>\n    <server>\n      <id>releases</id>\n      <password>\n        {{xmlElementLines}}\n      </password>\n    </server>\n  </servers>\n</settings>\n',
    planted: {
      xmlElementLines: { format: 'xml-element-text-own-line', value: FAKE.xmlElementLines },
    },
  },
  'src/main/resources/beans.xml': {
    text: '<beans>\n  <bean id="dataSource" class="org.example.DataSource">\n    <property name="password">\n      <value>{{xmlSpringValue}}</value>\n    </property>\n  </bean>\n</beans>\n',
    planted: {
      xmlSpringValue: { format: 'xml-spring-value-element', value: FAKE.xmlSpringValue },
    },
  },
  'deploy/map-drive.cmd': {
    text: '@echo off\r\nnet use Z: \\\\files.example.com\\releases {{netUse}} /user:CORP\\deploy /persistent:no\r\nnet user svc-backup {{netUser}} /add\r\ncopy dist\\app.zip Z:\\\r\n',
    planted: {
      netUse: { format: 'windows-net-use-password', value: FAKE.netUse },
      netUser: { format: 'windows-net-user-password', value: FAKE.netUser },
    },
  },
  'infra/replicas.tf': {
    text: 'variable "replica_count" {\n  default = 2\n}\n\nvariable "db_passwords" {\n  type      = list(string)\n  sensitive = true\n  default   = ["{{terraformList}}"]\n}\n\nvariable "api_tokens" {\n  type = map(string)\n  default = {\n    ci = "{{terraformMap}}"\n  }\n}\n',
    planted: {
      terraformList: { format: 'terraform-variable-list-default', value: FAKE.terraformList },
      terraformMap: { format: 'terraform-variable-map-default', value: FAKE.terraformMap },
    },
  },
  'src/login.test.ts': {
    text: "import { expect, it } from 'vitest';\nimport { admin } from './admin.js';\n\nit('keeps the admin password', () => {\n  expect(admin.password).toBe(\"{{assertedJest}}\");\n});\n",
    planted: { assertedJest: { format: 'compared-literal-expect', value: FAKE.assertedJest } },
  },
  'src/test/java/app/ConfigTest.java': {
    text: 'class ConfigTest {\n  @Test\n  void readsToken() {\n    assertThat(cfg.getApiToken()).isEqualTo("{{assertedGetter}}");\n  }\n}\n',
    planted: {
      assertedGetter: { format: 'compared-literal-assert-getter', value: FAKE.assertedGetter },
    },
  },
  'src/role.ts': {
    text: "export function roleOf(password: string): string {\n  switch (password) {\n    case '{{switchedLabel}}':\n      return 'admin';\n    default:\n      return 'guest';\n  }\n}\n",
    planted: { switchedLabel: { format: 'compared-literal-switch', value: FAKE.switchedLabel } },
  },
  'src/allow.py': {
    text: 'def allowed(password):\n    if password in ("{{membershipPython}}",):\n        return True\n    return False\n',
    planted: {
      membershipPython: { format: 'compared-literal-membership', value: FAKE.membershipPython },
    },
  },
  'src/login_gate.py': {
    text: 'import os\n\n\ndef check(password):\n    if password == "{{comparedLetters}}":\n        return True\n    return os.getenv("API_TOKEN") == "{{comparedEnvCall}}"\n',
    planted: {
      comparedLetters: { format: 'compared-literal-letters', value: FAKE.comparedLetters },
      comparedEnvCall: { format: 'compared-literal-env-call', value: FAKE.comparedEnvCall },
    },
  },
  'src/gate_test.go': {
    text: 'package gate\n\nfunc (s *GateSuite) TestPassword() {\n\ts.Equal("{{suiteEqual}}", s.cfg.Password)\n\tExpect(s.cfg.Password).To(Equal("{{gomegaEqual}}"))\n}\n',
    planted: {
      suiteEqual: { format: 'compared-literal-testify-suite', value: FAKE.suiteEqual },
      gomegaEqual: { format: 'compared-literal-gomega', value: FAKE.gomegaEqual },
    },
  },
  'src/check.js': {
    text: 'export function isAdmin(user) {\n  if (\n    "{{splitOperator}}" ===\n    user.password\n  ) {\n    return true;\n  }\n  return false;\n}\n',
    planted: {
      splitOperator: { format: 'compared-literal-split-operator', value: FAKE.splitOperator },
    },
  },
  'src/test/java/app/RepoTest.java': {
    text: 'class RepoTest {\n  @Test\n  void logsIn() {\n    when(repo.getPassword()).thenReturn("{{stubbedGetter}}");\n  }\n}\n',
    planted: { stubbedGetter: { format: 'stubbed-getter-mockito', value: FAKE.stubbedGetter } },
  },
  'src/repo.test.ts': {
    text: "import { vi } from 'vitest';\nimport { repo } from './repo.js';\n\nvi.spyOn(repo, 'getPassword').mockReturnValue('{{stubbedSpy}}');\n",
    planted: { stubbedSpy: { format: 'stubbed-getter-spy', value: FAKE.stubbedSpy } },
  },
  'docs/staging.md': {
    text: '# Staging\n\n- `DB user`: app\n- `DB password`: {{codeSpanWords}}\n',
    planted: { codeSpanWords: { format: 'prose-code-span-key', value: FAKE.codeSpanWords } },
  },
};
