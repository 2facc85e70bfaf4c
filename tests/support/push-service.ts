// A push service on a loopback port, speaking the Web Push protocol (RFC 8030) over HTTPS as the
// browsers' push services do: it checks the VAPID authorization (RFC 8292: an ES256 JWT for the
// endpoint's origin, signed by the key in k=), and decrypts each message with the subscription's
// private key and auth secret (RFC 8291, aes128gcm of RFC 8188) using node's crypto only, so a
// test reads what a browser would show, independent of the library that encrypted it.
// Subscriptions are made here like a browser makes them: a P-256 key pair and 16 random bytes.
import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, verify } from "node:crypto";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import tls from "node:tls";

export interface ReceivedPush {
  /** the subscription's id in this service (the endpoint's last segment) */
  device: string;
  ttl: string | undefined;
  urgency: string | undefined;
  vapidKey: string;
  audience: string;
  payload: Record<string, unknown>;
}

interface Device {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  status: number;
}

const b64u = (b: Buffer) => b.toString("base64url");

/** A self-signed certificate for 127.0.0.1, made with the openssl command line tool. */
function selfSignedCertificate() {
  const dir = mkdtempSync(path.join(tmpdir(), "push-tls-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
        "-keyout",
        path.join(dir, "key.pem"),
        "-out",
        path.join(dir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    return { key: readFileSync(path.join(dir, "key.pem")), cert: readFileSync(path.join(dir, "cert.pem")) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** RFC 8291 + RFC 8188: one aes128gcm record, decrypted with the user agent's keys. */
export function decryptPush(body: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer) {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // the last record ends with the delimiter 0x02 followed by zero padding
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("not the last record of an aes128gcm message");
  return padded.subarray(0, end).toString("utf8");
}

/** RFC 8292: `vapid t=<jwt>, k=<public key>`; the JWT's ES256 signature checked with k. */
function checkVapid(header: string | undefined) {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header ?? "");
  if (!m) throw new Error(`no VAPID authorization: ${header}`);
  const [jwt, k] = [m[1]!, m[2]!];
  const [head, claims, signature] = jwt.split(".") as [string, string, string];
  const point = Buffer.from(k, "base64url");
  const key = createPublicKey({ key: { kty: "EC", crv: "P-256", x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) }, format: "jwk" });
  if (!verify("sha256", Buffer.from(`${head}.${claims}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"))) {
    throw new Error("VAPID signature does not verify");
  }
  const body = JSON.parse(Buffer.from(claims, "base64url").toString("utf8")) as { aud: string; exp: number; sub: string };
  if (body.exp * 1000 < Date.now()) throw new Error("VAPID token expired");
  return { vapidKey: k, audience: body.aud };
}

export async function startPushService() {
  const { key, cert } = selfSignedCertificate();
  const devices = new Map<string, Device>();
  const received: ReceivedPush[] = [];
  const errors: string[] = [];
  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? "")?.[1];
      const device = id ? devices.get(id) : undefined;
      if (req.method !== "POST" || !id || !device) return void res.writeHead(404).end();
      if (device.status !== 201) return void res.writeHead(device.status).end();
      try {
        if (req.headers["content-encoding"] !== "aes128gcm") throw new Error(`content-encoding ${req.headers["content-encoding"]}`);
        const vapid = checkVapid(req.headers.authorization);
        const payload = JSON.parse(decryptPush(Buffer.concat(chunks), device.ecdh, device.auth)) as Record<string, unknown>;
        received.push({ device: id, ttl: req.headers.ttl as string | undefined, urgency: req.headers.urgency as string | undefined, ...vapid, payload });
        res.writeHead(201, { Location: `/message/${received.length}` }).end();
      } catch (error) {
        errors.push((error as Error).message);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  // the app's web-push requests go through node's global HTTPS agent: trust this certificate too
  const agentOptions = https.globalAgent.options;
  const previousCa = agentOptions.ca;
  agentOptions.ca = [...tls.rootCertificates, cert.toString()];

  return {
    port,
    received,
    errors,
    /** A browser's subscription: its endpoint on this service and its public keys. */
    subscribe(status = 201) {
      const id = randomBytes(12).toString("base64url");
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(id, { ecdh, auth, status });
      return { id, endpoint: `https://127.0.0.1:${port}/push/${id}`, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } };
    },
    to: (id: string) => received.filter((r) => r.device === id),
    close: () =>
      new Promise<void>((resolve) => {
        agentOptions.ca = previousCa;
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Waits until `count` pushes reached the device (or fails after timeoutMs). */
export async function waitForPush(service: Awaited<ReturnType<typeof startPushService>>, device: string, count = 1, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  while (service.to(device).length < count) {
    if (service.errors.length) throw new Error(`push service refused a push: ${service.errors.join("; ")}`);
    if (Date.now() > until) throw new Error(`${service.to(device).length} of ${count} pushes reached ${device}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return service.to(device);
}
