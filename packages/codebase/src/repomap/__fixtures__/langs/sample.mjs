const { parse } = require('./parser.cjs');

export class Lexer extends Base {
  next() {
    return this.scan();
  }
}

export function tokenize(source) {
  const lexer = new Lexer(source);
  return parse(lexer.next());
}
