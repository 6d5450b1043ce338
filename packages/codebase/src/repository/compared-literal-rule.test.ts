/** Fake values are put together from pieces so no file here matches a scanner's rule. */
import { describe, expect, it } from 'vitest';
import { COMPARED_LITERAL_RULE } from './compared-literal-rule.js';
import { scanSecrets } from './secrets.js';

const join = (...parts: string[]) => parts.join('');
/** The ranges the rule finds in `text`, as text. */
const found = (text: string) =>
  [...COMPARED_LITERAL_RULE.find(text, 'src/app.ts')].map(([start, end]) => text.slice(start, end));

describe('COMPARED_LITERAL_RULE', () => {
  const value = join('s3cr3t', 'value');
  const digits = join('abc', '12345');
  const weak = join('hunter', '2');
  const fake = join('Hunter2', '-fake-', '9911');
  const symbols = join('s3cr3t', 'P@ss');
  const random = join('qk7vz2mwp9', 'x4rt8ly3');
  const letters = join('let', 'me', 'in');
  const lettersLong = join('super', 'secret');
  const lettersShort = join('hun', 'ter');
  const admin = join('ad', 'min');
  const pin = join('48', '27');
  const dashed = join('correct-horse', '-battery-staple');

  it.each([
    [`if (password === "${value}") {`, `password === "${value}"`],
    [`if password == '${digits}':`, `password == '${digits}'`],
    [`if (apiToken !== "${value}") return;`, `apiToken !== "${value}"`],
    [`if token != "${value}":`, `token != "${value}"`],
    [`if ($this->password === '${value}')`, `$this->password === '${value}'`],
    [`WHERE pwd <> '${value}'`, `pwd <> '${value}'`],
    [`if ("${value}" == user.password) {`, `"${value}" == user.password`],
    [`if (user.password.equals("${value}")) {`, `user.password.equals("${value}")`],
    [`if (secret.equalsIgnoreCase("${value}"))`, `secret.equalsIgnoreCase("${value}")`],
    [`if ("${value}".equals(this.password)) {`, `"${value}".equals(this.password`],
    [`if (strcmp(passwd, "${value}") == 0)`, `strcmp(passwd, "${value}"`],
    [`hmac.compare_digest(token, "${value}")`, `compare_digest(token, "${value}"`],
    [`assertEquals("${value}", password);`, `assertEquals("${value}", password`],
    // A name read through a getter or a string's transform, or a subscript.
    [
      `assertEquals(user.getPassword(), "${value}");`,
      `assertEquals(user.getPassword(), "${value}"`,
    ],
    [`if (password.trim() === "${value}") {`, `password.trim() === "${value}"`],
    [`if password.strip().lower() == "${digits}":`, `password.strip().lower() == "${digits}"`],
    [`if (body['password'] === "${value}") {`, `body['password'] === "${value}"`],
    // More comparing calls: unittest's, node's, testify's, NUnit's, Rust's.
    [`self.assertEqual(user.password, "${value}")`, `assertEqual(user.password, "${value}"`],
    [`assert.strictEqual(token, "${value}");`, `assert.strictEqual(token, "${value}"`],
    [`assert.Equal(t, "${value}", cfg.Password)`, `assert.Equal(t, "${value}", cfg.Password`],
    [`Assert.AreEqual("${value}", config.ApiKey);`, `Assert.AreEqual("${value}", config.ApiKey`],
    [`assert_ne!(secret, "${value}");`, `assert_ne!(secret, "${value}"`],
    // An assertion's subject, then its matcher.
    [`expect(password).toBe("${value}");`, `expect(password).toBe("${value}"`],
    [`expect(user.password).toEqual('${value}');`, `expect(user.password).toEqual('${value}'`],
    [`expect(password).not.toBe("${value}");`, `expect(password).not.toBe("${value}"`],
    [`expect(res.body.token).to.equal("${value}");`, `expect(res.body.token).to.equal("${value}"`],
    [`expect(user.password).to eq "${value}"`, `expect(user.password).to eq "${value}"`],
    [`assertThat(password).isEqualTo("${value}");`, `assertThat(password).isEqualTo("${value}"`],
    [
      `assertThat(cfg.getApiToken()).isEqualTo("${value}");`,
      `assertThat(cfg.getApiToken()).isEqualTo("${value}"`,
    ],
    [`assertThat(password, is("${value}"));`, `assertThat(password, is("${value}"`],
    [
      `assert_that(password).is_equal_to("${value}")`,
      `assert_that(password).is_equal_to("${value}"`,
    ],
    [`expect("${value}").toBe(password);`, `expect("${value}").toBe(password`],
    [`password shouldBe "${value}"`, `password shouldBe "${value}"`],
    // A membership test: the name in a list of literals, or a list's test of the name.
    [`if password in ("${value}", "${digits}"):`, `password in ("${value}", "${digits}")`],
    [`if token not in ["${value}"]:`, `token not in ["${value}"]`],
    [`WHERE pwd IN ('${value}', '${digits}')`, `pwd IN ('${value}', '${digits}')`],
    [
      `if (["${value}", "${digits}"].includes(password)) {`,
      `["${value}", "${digits}"].includes(password`,
    ],
    [`List.of("${value}").contains(secret)`, `("${value}").contains(secret`],
    [
      `in_array($password, ['${value}', '${digits}'])`,
      `in_array($password, ['${value}', '${digits}']`,
    ],
    // A password a person chooses may look like an identifier; a token's or a key's shape of
    // one with more digits, capitals or symbols, or random, is a secret.
    [`expect(user.password).toBe("${weak}");`, `expect(user.password).toBe("${weak}"`],
    [`if password in ("${weak}", "x"):`, `password in ("${weak}", "x")`],
    [`if (token === "${fake}") {`, `token === "${fake}"`],
    [`if (auth === "${symbols}") {`, `auth === "${symbols}"`],
    [`expect(token).toBe("${random}");`, `expect(token).toBe("${random}"`],
    [
      `expect(apiToken.getValue()).toBe("${value}");`,
      `expect(apiToken.getValue()).toBe("${value}"`,
    ],
    // Ruby's symbol subscripts, JUnit 4's message first, NUnit's, FluentAssertions', Shouldly's,
    // C#'s lower-case string.Equals.
    [`if params[:password] == "${value}"`, `params[:password] == "${value}"`],
    [
      `assertEquals("password mismatch", "${value}", user.getPassword());`,
      `assertEquals("password mismatch", "${value}", user.getPassword()`,
    ],
    [
      `Assert.That(password, Is.EqualTo("${value}"));`,
      `Assert.That(password, Is.EqualTo("${value}"`,
    ],
    [`user.Password.Should().Be("${value}");`, `user.Password.Should().Be("${value}")`],
    [`password.ShouldBe("${value}");`, `password.ShouldBe("${value}")`],
    [
      `string.Equals(password, "${value}", StringComparison.Ordinal)`,
      `string.Equals(password, "${value}"`,
    ],
    // A word of letters a person chose for a password or a secret.
    [`if (password === "${letters}") {`, `password === "${letters}"`],
    [`if secret == "${lettersLong}":`, `secret == "${lettersLong}"`],
    [`if password == "${lettersShort}":`, `password == "${lettersShort}"`],
    [`if (user.Password == "${lettersShort}")`, `user.Password == "${lettersShort}"`],
    [`expect(user.password).toBe("${admin}");`, `expect(user.password).toBe("${admin}"`],
    [`if ($pwd === '${pin}') {`, `$pwd === '${pin}'`],
    [`if (passphrase === "${dashed}") {`, `passphrase === "${dashed}"`],
    [`if (jwtSecret === "${lettersLong}") {`, `jwtSecret === "${lettersLong}"`],
    // A setting read by a call with its key: an environment variable, a form's field, a config.
    [`if os.getenv("API_TOKEN") == "${fake}":`, `os.getenv("API_TOKEN") == "${fake}"`],
    [`if "${fake}" == os.getenv("API_TOKEN"):`, `"${fake}" == os.getenv("API_TOKEN")`],
    [`if (process.env["DB_PASSWORD"] === "${fake}") {`, `process.env["DB_PASSWORD"] === "${fake}"`],
    [
      `if (System.getenv("SECRET_KEY").equals("${fake}")) {`,
      `System.getenv("SECRET_KEY").equals("${fake}")`,
    ],
    [`if ENV.fetch("PASSWORD") == "${letters}"`, `ENV.fetch("PASSWORD") == "${letters}"`],
    [`if ENV.fetch(:password) == "${letters}"`, `ENV.fetch(:password) == "${letters}"`],
    [`if os.Getenv("DB_PASSWORD") != "${fake}" {`, `os.Getenv("DB_PASSWORD") != "${fake}"`],
    [
      `if request.form.get("password") == "${letters}":`,
      `request.form.get("password") == "${letters}"`,
    ],
    [
      `expect(config.get('db.password')).toBe('${letters}');`,
      `expect(config.get('db.password')).toBe('${letters}'`,
    ],
    [
      `assertEquals("${value}", System.getenv("API_KEY"));`,
      `assertEquals("${value}", System.getenv("API_KEY")`,
    ],
    // Gomega's matcher, testify suites' assertions, minitest's without parentheses.
    [`Expect(password).To(Equal("${fake}"))`, `Expect(password).To(Equal("${fake}"`],
    [`Expect(cfg.Password).NotTo(Equal("${fake}"))`, `Expect(cfg.Password).NotTo(Equal("${fake}"`],
    [`s.Equal("${fake}", cfg.Password)`, `s.Equal("${fake}", cfg.Password`],
    [`suite.Equal("${fake}", cfg.Password)`, `suite.Equal("${fake}", cfg.Password`],
    [`s.Require().Equal("${fake}", cfg.Password)`, `s.Require().Equal("${fake}", cfg.Password`],
    [`assert_equal "${fake}", user.password`, `assert_equal "${fake}", user.password`],
    [`assert_equal user.password, "${letters}"`, `assert_equal user.password, "${letters}"`],
    // A stub's getter of a secret and the value it returns.
    [
      `jest.spyOn(repo, 'getPassword').mockReturnValue('${fake}');`,
      `spyOn(repo, 'getPassword').mockReturnValue('${fake}'`,
    ],
    [
      `every { repo.password } returns "${letters}"`,
      `every { repo.password } returns "${letters}"`,
    ],
    [
      `when(repo.getPassword()).thenReturn("${fake}");`,
      `when(repo.getPassword()).thenReturn("${fake}"`,
    ],
    [
      `given(cfg.getApiToken()).willReturn("${fake}");`,
      `given(cfg.getApiToken()).willReturn("${fake}"`,
    ],
  ])('finds the literal in %j', (text, range) => {
    expect(found(text)).toEqual([range]);
  });

  it.each([
    'if (token === "=>") {',
    'if (token == "function") {',
    'if (lastToken === "?NonExpressionParenKeyword") {',
    "tokens.filter((token) => token === 't:build')",
    'if (token.type === "identifier") {',
    'if (password === "") {',
    'if (password === undefined) {',
    'if (password.length === 8) {',
    `if (passwordInput === "${value}") {`,
    'if (auth === "basic") {',
    `if (tokenizer === "${value}") {`,
    `if (token_url === "${value}") {`,
    `if (user === "${value}") {`,
    'if (password == "********") {',
    'if (token === "${TOKEN}") {',
    // Assertions of no literal, of an empty or placeholder one, of a name, of another subject.
    'expect(password).toBe(undefined);',
    'expect(password).toBe(true);',
    'expect(password).toBe("");',
    'expect(password).toEqual("********");',
    "expect(password).toBe('string');",
    'assertThat(password).isEqualTo(expected);',
    'expect(password).toHaveLength(12);',
    `expect(passwordInput).toBe("${value}");`,
    'expect(token.type).toBe("identifier");',
    `expect(getPassword("db")).toBe("${value}");`,
    `expect(user.passwordHash()).toBe("${value}");`,
    'if (token.getType() === "identifier") {',
    'if token in ("=>", "->"):',
    'if token in ("function", "return"):',
    `for (const token in {"${value}": 1}) {`,
    `if (["${value}"].includes(username)) {`,
    // A lexer's type names and an auth scheme: identifiers, not secrets.
    'if token in ("float32", "float64", "complex128"):',
    'if (token === "uint256") {',
    'if auth in ("oauth2", "saml2"):',
    'if (auth === "oauth2") {',
    'expect(token).toBe("my_var2");',
    'expect(token).toEqual("uuid-v4");',
    'expect(secret).toBe("kv/data/app1");',
    // A lexer's token read through an accessor of its value.
    'expect(token.getValue()).toBe("0x1F2E");',
    'expect(token.toString()).toBe("IDENT(x1)");',
    `if params[:username] == "${value}"`,
    `assertEquals("password mismatch", "${value}", user.getName());`,
    'password.Should().Be(expected);',
    // A password's type, mode or state, a short word, and a token's, an auth's or another
    // name's word of letters.
    'if (typeof password === "object") {',
    "if (typeof password === 'string') {",
    'if password == "prompt":',
    'expect(errors.password).toBe("invalid");',
    'if (result.password === "weak") {',
    'if (password === "null") {',
    'if password == "None":',
    'if (password.length > 8) {',
    'if (secret === "kv") {',
    'if (pwd === "/") {',
    `if (token === "${letters}") {`,
    `if (credentials === "include") {`,
    `if (passwordStrength === "${letters}") {`,
    'if (input.type === "password") {',
    `if (pass === "${letters}") {`,
    // A call by a key of another name, a pointer's, or no reader's; an empty value.
    `if os.getenv("API_TOKEN_URL") == "${value}":`,
    `if os.getenv("USERNAME") == "${value}":`,
    `if (config.get("mode") === "${value}") {`,
    `if (hash("password") === "${value}") {`,
    'if os.getenv("PASSWORD") == "":',
    'if (tokens.get("token") === "function") {',
    // Other matchers and assertions of no secret.
    'Expect(token.Kind).To(Equal("identifier"))',
    'Expect(password).To(HaveLen(12))',
    'Expect(password).To(Equal(expected))',
    `s.Equal("${value}", cfg.Username)`,
    `xs.Equal("${value}", cfg.Password)`,
    'assert_equal "identifier", token.type',
    'assert_equal expected, user.password',
    // A stub of another getter, or of no value.
    `when(repo.getName()).thenReturn("${fake}");`,
    'when(repo.getPassword()).thenReturn(null);',
    'when(repo.getPassword()).thenReturn("");',
    `when(password) {\n    else -> "${fake}"\n}`,
  ])('finds nothing in %j', (text) => {
    expect(found(text)).toEqual([]);
  });

  it.each([
    [`expect(response.body.password).toEqual(\n  '${fake}',\n);`, [2]],
    [`expect(user.password)\n  .toBe("${fake}");`, [2]],
    [`self.assertEqual(\n    user.password, "${fake}"\n)`, [2]],
    [`assertEquals(\n    "${fake}",\n    user.getPassword());`, [2]],
    [`assert.Equal(t,\n\t"${fake}",\n\tcfg.Password)`, [2]],
    [`assert_eq!(\n    config.api_token,\n    "${fake}"\n);`, [3]],
    [`if password in (\r\n    "${fake}",\r\n    "${value}",\r\n):`, [2, 3]],
    // A comparison split after its operator or before it, and a stub split before its value.
    [`if ("${fake}" ==\n    user.password) {`, [1, 2]],
    [`if (user.password ===\n    "${letters}") {`, [1, 2]],
    [`if (user.password\n    === "${fake}") {`, [1, 2]],
    [`if password ==\\\n        "${fake}":`, [1, 2]],
    [`when(repo.getPassword())\n    .thenReturn("${fake}");`, [1, 2]],
  ])('withholds the literal of a call a formatter split, %j', async (text, lines) => {
    const file = `function check() {\n${text}\n}\n`;
    const withheld = [...(await scanSecrets(file, 'src/auth.test.ts')).lines.keys()];
    expect(lines.map((line) => line + 1).every((line) => withheld.includes(line))).toBe(true);
    expect(withheld).not.toContain(1);
  });

  it.each([
    'expect(token.type).toEqual(\n  "identifier",\n);',
    'expect(password)\n  .toBe(undefined);',
    `assertEquals(\n    "${value}",\n    user.getName());`,
    'if token in (\n    "float32",\n    "float64",\n):',
    `expect(password).toEqual(\n  expected,\n);\nconst other = "${value}";`,
    'if (token.type ===\n    "identifier") {',
    'if (password ===\n    "") {',
    'if (user.password ===\n    expected) {',
    `if (token ==\n    "function") {\nconst other = "${value}";`,
    'Password\n========\n',
  ])('finds nothing in the split call %j', (text) => {
    expect(found(text)).toEqual([]);
  });

  it('reads a long run of unclosed calls in linear time', () => {
    const text = `${'expect(password).toEqual(\n'.repeat(20_000)}"${fake}"`;
    const started = performance.now();
    expect(found(text).length).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('withholds the line in a scan of a Python file', async () => {
    const file = `def check(token):\n    if token != "${value}":\n        raise PermissionError()\n`;
    expect([...(await scanSecrets(file, 'src/auth.py')).lines.keys()]).toEqual([2]);
  });
});
