/** Fake values are put together from pieces so no file here matches a scanner's rule. */
import { describe, expect, it } from 'vitest';
import { scanSecrets } from './secrets.js';
import { TERRAFORM_VARIABLE_RULE } from './terraform-variable-rule.js';

const join = (...parts: string[]) => parts.join('');
const secret = join('Fake', 'TfPw', '42');
/** The ranges the rule finds in `text`, as text. */
const found = (text: string) =>
  [...TERRAFORM_VARIABLE_RULE.find(text, 'variables.tf')].map(([start, end]) =>
    text.slice(start, end),
  );

describe('TERRAFORM_VARIABLE_RULE', () => {
  it.each([
    [
      'a block',
      `variable "db_password" {\n  type      = string\n  sensitive = true\n  default   = "${secret}"\n}\n`,
    ],
    [
      'a block with a validation block before its default',
      `variable "api_token" {\n  type = string\n  validation {\n    condition = length(var.api_token) > 8\n  }\n  default = "letmein"\n}\n`,
    ],
    ['a block on one line', `variable "admin_pw" { default = "${secret}" }\n`],
    [
      'a heredoc',
      `variable "db_password" {\n  type    = string\n  default = <<-EOT\n    ${secret}\n  EOT\n}\n`,
    ],
    ['a list, on one line', `variable "db_passwords" { default = ["${secret}"] }\n`],
    [
      'a list over several lines',
      `variable "api_tokens" {\n  type    = list(string)\n  default = [\n    "${secret}",\n    "${secret}2",\n  ]\n}\n`,
    ],
    [
      'a map',
      `variable "db_credentials" {\n  type = map(string)\n  default = {\n    admin  = "${secret}"\n    "read" = "${secret}3"\n  }\n}\n`,
    ],
    [
      'a list of objects',
      `variable "secrets" {\n  default = [{ name = "db", value = "${secret}" }]\n}\n`,
    ],
  ])('finds the default of %s', (_name, text) => {
    expect(found(text)).toEqual([expect.stringMatching(/^[{\s]*default\s*=\s*(?:"|<<|\[|\{)/)]);
  });

  it('withholds every line of a list default', async () => {
    const file = `variable "region" {\n  default = "eu-west-1"\n}\n\nvariable "db_passwords" {\n  type = list(string)\n  default = [\n    "${secret}",\n  ]\n}\n`;
    expect([...(await scanSecrets(file, 'infra/variables.tf')).lines.keys()]).toEqual([7, 8, 9]);
  });

  it.each([
    ['other variables', 'variable "region" {\n  default = "eu-west-1"\n}\n'],
    [
      "a default of the next block's",
      'variable "db_password" {\n  type = string\n}\nvariable "db_user" {\n  default = "app"\n}\n',
    ],
    ['a pointer', 'variable "db_password_secret_name" {\n  default = "prod/db"\n}\n'],
    [
      'a template and a null',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a Terraform template, as written
      'variable "db_password" {\n  default = "${var.x}"\n}\nvariable "token" {\n  default = null\n}\n',
    ],
    [
      'a heredoc of a template',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a Terraform template, as written
      'variable "db_password" {\n  default = <<EOT\n${var.x}\nEOT\n}\n',
    ],
    [
      'empty collections and templates',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a Terraform template, as written
      'variable "db_passwords" {\n  default = []\n}\nvariable "api_tokens" {\n  default = {}\n}\nvariable "secrets" {\n  default = ["${var.x}", "changeme"]\n}\n',
    ],
    [
      "a map's keys alone",
      'variable "db_credentials" {\n  default = {\n    "admin" = null\n  }\n}\n',
    ],
    [
      'lists of other variables',
      'variable "regions" {\n  default = ["eu-west-1"]\n}\nvariable "addresses" {\n  default = ["10.0.0.1"]\n}\n',
    ],
  ])('finds nothing in %s', (_name, text) => {
    expect(found(text)).toEqual([]);
  });

  it('withholds the default line of a variables file', async () => {
    const file = `variable "db_user" {\n  default = "app"\n}\n\nvariable "db_password" {\n  type      = string\n  sensitive = true\n  default   = "${secret}"\n}\n`;
    expect([...(await scanSecrets(file, 'infra/variables.tf')).lines.keys()]).toEqual([8]);
  });
});
