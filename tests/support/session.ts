// A cookie jar for HTTP tests: remembers Set-Cookie answers like a browser of one site would.
import type { TestResponse } from "./http.ts";

export class CookieJar {
  private cookies = new Map<string, string>();

  take(res: TestResponse) {
    const set = res.headers["set-cookie"] ?? [];
    for (const line of Array.isArray(set) ? set : [set]) {
      const [pair, ...attrs] = line.split(";");
      const [name, ...value] = pair!.split("=");
      const expired = attrs.some((a) => /^\s*max-age=0$/i.test(a)) || value.join("=") === "";
      if (expired) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join("="));
    }
    return res;
  }

  get header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  has(name: string) {
    return this.cookies.has(name);
  }
}
