export class Cache {
  #timer = null;

  constructor(ttl) {
    if (ttl) this.#startTimer(ttl);
  }

  #startTimer(ttl) {
    this.#timer = setTimeout(() => this.clear(), ttl);
  }

  clear() {}
}
