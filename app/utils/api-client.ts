// The browser's HTTP client for the polled APIs (spec section 7 and 8): up to 5 retries with
// exponential delay on network errors and server errors; a 403 carrying authentication_required
// means the session ended, so the member is logged out here too.
const API_RETRIES = 5;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class LoggedOut extends Error {}

export async function apiGet<T>(url: string, { retries = API_RETRIES, baseDelayMs = 500 } = {}): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    let response: Response | null = null;
    try {
      response = await fetch(url, { headers: { accept: "application/json" }, credentials: "same-origin" });
    } catch (error) {
      if (attempt >= retries) throw error;
    }
    if (response) {
      if (response.status === 403) {
        const body = (await response.json().catch(() => null)) as { authentication_required?: boolean } | null;
        if (body?.authentication_required) {
          await fetch("/api/logout.php", { method: "POST", headers: { accept: "application/json" } }).catch(() => {});
          window.location.assign("/login");
          throw new LoggedOut();
        }
      }
      if (response.ok) return (await response.json()) as T;
      if (response.status < 500 || attempt >= retries) throw new Error(`${url} answered ${response.status}`);
    }
    await wait(baseDelayMs * 2 ** attempt);
  }
}
