import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/layouts/default.tsx", [
    index("routes/home.tsx"),
    route("pages/:page", "routes/pages.$page.tsx"),
    route("pricing", "routes/pricing.tsx"),
    route("complaints", "routes/complaints.tsx"),
    route("lang-config", "routes/lang-config.tsx"),
    route("login", "routes/login.tsx"),
    route("signup", "routes/signup.tsx", { id: "signup" }),
    route("members/:id/signup", "routes/signup.tsx", { id: "members-id-signup" }),
    route("activate", "routes/activate.tsx"),
    route("activate/done", "routes/activate.done.tsx"),
    route("activate/error", "routes/activate.error.tsx"),
    route("reset-password", "routes/reset-password.tsx"),
    route("reset-password/do", "routes/reset-password.do.tsx"),
    route("mail-change/do", "routes/mail-change.do.tsx"),
    route("account-deleted", "routes/account-deleted.tsx"),
    route("account/reactivate", "routes/account.reactivate.tsx"),
    // privacy requests: the page a data-export mail links to
    route("account/data-export", "routes/account.data-export.tsx"),
    route("profile/settings", "routes/profile.settings.tsx"),
    route("profile/delete", "routes/profile.delete.tsx"),
    // notification switches and the e-mail source variant (signed link, no login)
    route("notifications", "routes/notifications.tsx"),
    route("dev/outbox", "routes/dev.outbox.tsx"),
    route("members", "routes/members.tsx"),
    route("members/:id", "routes/members.$id.tsx", { id: "members-id" }),
    route("likes/m/:id", "routes/members.$id.tsx", { id: "likes-m-id" }),
    route("likes", "routes/likes.tsx", { id: "likes" }),
    route("likes/:type", "routes/likes.tsx", { id: "likes-type" }),
    route("swipe-game", "routes/swipe-game.tsx"),
    route("match-finder", "routes/match-finder.tsx", { id: "match-finder" }),
    route("signup-matches", "routes/match-finder.tsx", { id: "signup-matches" }),
    route("profile", "routes/profile.tsx"),
    route("chats", "routes/chats.tsx"),
    // reporting a conversation (the profile's report is on /members/{id})
    route("chats/:id/report", "routes/chats.$id.report.tsx"),
    route("complete-signup", "routes/complete-signup.tsx"),
    // discounts: the premium page (in the members area; /pricing is above)
    route("premium", "routes/premium.tsx"),
    // direct debit and transactions (direct-debit part)
    route("directdebit", "routes/directdebit.tsx"),
    route("transactions/:id?", "routes/transactions.tsx", { id: "transactions-id" }),
    // checkout: packages, order overview, repeat order, payment result, the test provider's page
    route("credits", "routes/credits.tsx"),
    route("credits/repeat-order", "routes/credits.repeat-order.tsx"),
    route("credits/:id/:paymentmethod?", "routes/credits.$id.tsx"),
    route("payments/:id", "routes/payments.$id.tsx"),
    route("test-pay/:reference", "routes/test-pay.$reference.tsx"),
    // spec "Static pages: {token}": /terms, /faq, … as /pages/terms, /pages/faq; static paths rank first
    route(":page", "routes/pages.$page.tsx", { id: "static-token" }),
    route("*", "routes/not-found.tsx"),
  ]),
  layout("routes/layouts/lander.tsx", [
    route("landers/:name/:slug?", "routes/landers.$name.tsx"),
    // landings around one profile, ending in signup with it as the target
    route("members/:id/landing", "routes/members.$id.landing.tsx", { id: "members-id-landing" }),
    route("members/:id/landing2/:slug?", "routes/members.$id.landing2.tsx", { id: "members-id-landing2-slug" }),
    route("members/:id/landing3/:slug?", "routes/members.$id.landing3.tsx", { id: "members-id-landing3-slug" }),
  ]),
  layout("routes/layouts/chat.tsx", [route("chats/:id", "routes/chats.$id.tsx"), route("members/:id/chat", "routes/members.$id.chat.tsx")]),
  layout("routes/layouts/empty.tsx", []),
  // the staff console (own accounts, own session cookie)
  layout("routes/layouts/staff.tsx", [
    route("staff", "routes/staff/index.tsx"),
    route("staff/login", "routes/staff/login.tsx"),
    route("staff/members/:id", "routes/staff/members.$id.tsx"),
    route("staff/audit", "routes/staff/audit.tsx"),
    route("staff/cases", "routes/staff/cases.tsx"),
    route("staff/cases/:id", "routes/staff/cases.$id.tsx"),
    route("staff/photos", "routes/staff/photos.tsx"),
    route("staff/invitations", "routes/staff/invitations.tsx"),
    route("staff/reconciliation", "routes/staff/reconciliation.tsx"),
    route("staff/accounts", "routes/staff/accounts.tsx"),
  ]),
  route("staff/logout", "routes/staff/logout.ts"),
  route("api/settings.php", "routes/api/settings.ts"),
  route("i18n/:locale/:file", "routes/i18n-catalogue.ts"),
  route("api/companyinfo.php", "routes/api/companyinfo.ts"),
  route("api/entry-warning", "routes/api/entry-warning.ts"),
  // the lander page-bounce beacon (lb=1) and the operators' traffic report
  route("api/lander-bounce", "routes/api/lander-bounce.ts"),
  route("ops", "routes/ops.tsx"),
  route("ops/report.csv", "routes/ops.report-csv.ts"),
  route("api/user.php", "routes/api/user.ts"),
  // push: the page-hidden beacon, the service worker (version 2), the web app manifest per site and its icons
  route("api/page-hidden.php", "routes/api/page-hidden.ts"),
  // bounces, spam complaints and unsubscribes reported by the mail provider
  route("api/mail-events", "routes/api/mail-events.ts"),
  route("sw.js", "routes/sw.ts"),
  route("manifest.webmanifest", "routes/manifest.ts"),
  route("app-icon/:size", "routes/app-icon.ts"),
  route("api/logout.php", "routes/api/logout.ts"),
  route("api/alerts", "routes/api/alerts.ts"),
  route("api/activation-mail", "routes/api/activation-mail.ts"),
  route("api/regions.php", "routes/api/regions.ts"),
  route("api/interests.php", "routes/api/interests.ts"),
  route("api/geocode.php", "routes/api/geocode.ts"),
  route("api/events", "routes/api/events.ts"),
  route("api/chats.php", "routes/api/chats.ts"),
  route("api/likes.php", "routes/api/likes.ts"),
  route("api/auto-like.php", "routes/api/auto-like.ts"),
  route("members/:id/like", "routes/members.$id.like.ts"),
  route("api/chat.php", "routes/api/chat.ts"),
  route("api/typing", "routes/api/typing.ts"),
  route("chat-media/:file", "routes/chat-media.ts"),
  // discounts: a discount code or the welcome discount for the signed-in member
  route("api/discountcode.php", "routes/api/discountcode.ts"),
  // direct debit and transactions (direct-debit part): the PDF receipt
  route("transactions/:id/receipt.pdf", "routes/transactions.$id.receipt.ts"),
  // privacy requests: the zip of a member's data export
  route("account/data-export/file", "routes/account.data-export.file.ts"),
  // checkout: provider webhooks and the refund of unused credits
  route("api/payments/webhook/:provider", "routes/api/payments-webhook.ts"),
  route("transactions/:id/refund", "routes/transactions.$id.refund.ts"),
] satisfies RouteConfig;
