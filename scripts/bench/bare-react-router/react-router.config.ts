// The baseline of `npm run bench:http`: a bare React Router 7 app (framework mode, SSR, no
// middleware, no database, no i18n) that renders pages of a chosen size.
import type { Config } from "@react-router/dev/config";

export default { ssr: true, buildDirectory: "../../../build/bench-bare-react-router" } satisfies Config;
