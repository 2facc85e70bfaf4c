// Photos on an S3-compatible store (MEDIA_STORE=s3): a real S3 server (s3rver) on a loopback port,
// this process's app server and a second app process with another DATA_DIR on the same database
// and bucket, as two instances behind a load balancer are. What one instance stores the other
// serves; deletions, the data export and the demo portraits go through the bucket; a key the
// bucket does not hold is a 404 and a store that does not answer a 503 within the deadline. Data
// export zips live in the bucket too (exports/): built by one instance's worker, downloaded from
// the other, never through /media/ URLs, removed by the cleanup and the erasure.
import { execFile, fork, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { unzipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymiseAccount } from "#app/accounts/account.server.ts";
import { tokenHash } from "#app/auth/session.server.ts";
import { buildExport, cleanupExports, requestExport } from "#app/privacy/exports.server.ts";
import { getMediaStorage, LocalDiskStorage } from "#app/media/storage.server.ts";
import { mediaSignature, photoUrl } from "#app/profiles/photo-url.server.ts";
import { getDb } from "#app/utils/db.server.ts";
import { buildDemoMembers } from "#prisma/seed/demo-profiles.ts";
import { writePendingPortraits } from "#prisma/seed/portrait-files.ts";
import { freePort } from "#tests/support/free-port.ts";
import { S3_TEST_CREDENTIALS as CREDENTIALS, startS3Server } from "#tests/support/s3-server.ts";
import { request, type TestServer } from "#tests/support/http.ts";
import { useEnv, useStarted, useTestServer } from "#tests/support/fixtures.ts";
import { loggedInMember, type LoggedInMember } from "#tests/support/logged-in.ts";

async function keysOf(store: { keys(): AsyncIterable<string> }) {
  const keys: string[] = [];
  for await (const key of store.keys()) keys.push(key);
  return keys;
}

const BUCKET = "rendezvous-photos";
const PREFIX = `t${process.pid}/`;
const lovely = { key: "lovely", cdn_prefix: "" };
const EN = { "accept-language": "en" };

const scratch = mkdtempSync(path.join(tmpdir(), "media-s3-"));
const dataDirA = path.join(scratch, "instance-a");
const dataDirB = path.join(scratch, "instance-b");
let endpoint = "";

useStarted(
  async () => {
    const s3 = await startS3Server(path.join(scratch, "s3"), [BUCKET]);
    endpoint = s3.endpoint;
    return s3;
  },
  (s3) => s3.close(),
);
const s3Env = () => ({
  S3_BUCKET: BUCKET,
  S3_ENDPOINT: endpoint,
  S3_REGION: "us-east-1",
  S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
  S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
  S3_FORCE_PATH_STYLE: "1",
  S3_PREFIX: PREFIX,
});
useEnv(() => ({ MEDIA_STORE: "s3", ...s3Env(), DATA_DIR: dataDirA }));
const serverA = useTestServer();
let other: ChildProcess;
let serverB: TestServer;

beforeAll(async () => {
  other = fork(path.resolve("tests/support/app-process.ts"), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, DATA_DIR: dataDirB },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const port = await new Promise<number>((resolve) => other.on("message", (m: { port?: number }) => m.port && resolve(m.port)));
  serverB = { port, close: async () => {} };
}, 60_000);

afterAll(() => {
  other?.kill();
  rmSync(scratch, { recursive: true, force: true });
});

const bucket = () => new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials: CREDENTIALS });
async function objectsInBucket() {
  const listed = await bucket().send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (listed.Contents ?? []).map((o) => o.Key!);
}
async function objectBytes(key: string) {
  const object = await bucket().send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

async function uploadPhoto(m: LoggedInMember, color: string) {
  const jpeg = await sharp({ create: { width: 600, height: 750, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append("intent", "photo-upload");
  form.append("photo", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "me.jpg");
  const body = new Response(form);
  const res = await request(serverA, "/profile", {
    host: m.host,
    method: "POST",
    headers: { ...EN, cookie: m.jar.header, "content-type": body.headers.get("content-type")! },
    body: Buffer.from(await body.arrayBuffer()),
  });
  expect(res.status).toBe(200);
  return getDb().photo.findFirstOrThrow({ where: { profileId: m.profile.id }, orderBy: { id: "desc" } });
}

/** An export of the member built by this process's worker functions, with a download link of our own (the mailed one is not read here). */
async function builtExport(m: LoggedInMember) {
  const asked = await requestExport({ id: m.user.id, siteKey: "lovely" });
  expect(asked.ok).toBe(true);
  const exportId = (asked as { exportId: number }).exportId;
  expect(await buildExport(exportId)).toEqual({ built: true });
  const token = `test-link-${exportId}-${"x".repeat(24)}`;
  const row = await getDb().dataExport.update({ where: { id: exportId }, data: { tokenHash: tokenHash(token) } });
  return { row, link: `/account/data-export/file?token=${token}` };
}

describe("photos on an S3-compatible store", () => {
  it("an upload through one instance lands in the bucket, not on its disk, and the other instance serves it", async () => {
    const m = await loggedInMember(serverA);
    const photo = await uploadPhoto(m, "#3a7");
    const objects = await objectsInBucket();
    expect(objects).toEqual(expect.arrayContaining([`${PREFIX}${photo.filename}`, `${PREFIX}${photo.thumbFilename}`]));
    expect(existsSync(path.join(dataDirA, "media", photo.filename))).toBe(false);

    // instance B has no copy on its disk: it reads the bucket
    const stored = await objectBytes(`${PREFIX}${photo.filename}`);
    const res = await request(serverB, photoUrl(lovely, photo.filename), { host: "lovely.localhost" });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/jpeg");
    expect(res.headers["cache-control"]).toMatch(/^private, max-age=\d+$/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(Number(res.headers["content-length"])).toBe(stored.length);
    expect(res.bytes.equals(stored)).toBe(true);
    expect((await sharp(res.bytes).metadata()).format).toBe("jpeg");
    const head = await request(serverB, photoUrl(lovely, photo.thumbFilename), { host: "lovely.localhost", method: "HEAD" });
    expect(head.status).toBe(200);
    expect(Number(head.headers["content-length"])).toBe((await objectBytes(`${PREFIX}${photo.thumbFilename}`)).length);
    expect(existsSync(path.join(dataDirB, "media"))).toBe(false);
  });

  it("a photo the member deletes leaves the bucket, and its URL becomes a 404 on every instance", async () => {
    const m = await loggedInMember(serverA);
    const photo = await uploadPhoto(m, "#a35");
    const url = photoUrl(lovely, photo.filename);
    expect((await request(serverB, url, { host: "lovely.localhost" })).status).toBe(200);
    const deleted = await request(serverB, "/profile", {
      host: m.host,
      method: "POST",
      headers: { ...EN, cookie: m.jar.header, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "photo-delete", photo: String(photo.id) }).toString(),
    });
    expect(deleted.status).toBe(200);
    expect(await objectsInBucket()).not.toEqual(expect.arrayContaining([`${PREFIX}${photo.filename}`]));
    expect(await objectsInBucket()).not.toContain(`${PREFIX}${photo.thumbFilename}`);
    for (const server of [serverA, serverB]) expect((await request(server, url, { host: "lovely.localhost" })).status).toBe(404);
  });

  it("the data export carries the photo from the bucket, is downloaded from the other instance, and the erasure removes both", async () => {
    const m = await loggedInMember(serverA);
    const photo = await uploadPhoto(m, "#57c");
    const { row, link } = await builtExport(m);
    const objectKey = `${PREFIX}exports/${row.file}`;
    expect(await objectsInBucket()).toContain(objectKey);
    expect(existsSync(path.join(dataDirA, "exports"))).toBe(false);

    // instance B never saw the worker's disk: it streams the zip from the bucket
    const res = await request(serverB, link, { host: m.host, headers: { ...EN, cookie: m.jar.header } });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(Number(res.headers["content-length"])).toBe(row.sizeBytes);
    expect(res.bytes.equals(await objectBytes(objectKey))).toBe(true);
    const entries = unzipSync(new Uint8Array(res.bytes));
    const photoEntries = Object.keys(entries).filter((n) => n.startsWith("photos/") && n.endsWith(".jpg"));
    expect(photoEntries).toHaveLength(1);
    expect(Buffer.from(entries[photoEntries[0]!]!).equals(await objectBytes(`${PREFIX}${photo.filename}`))).toBe(true);
    const page = await request(serverB, link.replace("/file?", "?"), { host: m.host, headers: { ...EN, cookie: m.jar.header } });
    expect(page.status).toBe(200);

    // no /media/ URL reaches the zip, even one signed over its key
    const day = Math.floor(Date.now() / 86_400_000) + 1;
    const key = `exports/${row.file}`;
    for (const server of [serverA, serverB]) {
      for (const url of [photoUrl(lovely, key), `/media/${day}/${mediaSignature("lovely", key, day)}/${key}`]) {
        const media = await request(server, url, { host: "lovely.localhost" });
        expect(media.status, url).toBe(404);
        expect(media.headers["content-type"]).not.toBe("application/zip");
      }
    }

    expect(await anonymiseAccount(m.user.id)).toBe(true);
    const objects = await objectsInBucket();
    expect(objects).not.toContain(`${PREFIX}${photo.filename}`);
    expect(objects).not.toContain(`${PREFIX}${photo.thumbFilename}`);
    expect(objects).not.toContain(objectKey);
  });

  it("an expired export's zip leaves the bucket with the cleanup; a zip the bucket lost is a 410 on every instance", async () => {
    const m = await loggedInMember(serverA);
    const { row, link } = await builtExport(m);
    const objectKey = `${PREFIX}exports/${row.file}`;
    const zip = await objectBytes(objectKey);
    await bucket().send(new DeleteObjectCommand({ Bucket: BUCKET, Key: objectKey }));
    for (const server of [serverA, serverB]) {
      expect((await request(server, link, { host: m.host, headers: { ...EN, cookie: m.jar.header } })).status).toBe(410);
    }
    await bucket().send(new PutObjectCommand({ Bucket: BUCKET, Key: objectKey, Body: zip }));
    const back = await request(serverB, link, { host: m.host, headers: { ...EN, cookie: m.jar.header } });
    expect(back.status).toBe(200);
    expect(back.bytes.equals(zip)).toBe(true);

    await getDb().dataExport.update({ where: { id: row.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await cleanupExports()).dataExports).toBeGreaterThanOrEqual(1);
    expect(await objectsInBucket()).not.toContain(objectKey);
    expect((await request(serverB, link, { host: m.host, headers: { ...EN, cookie: m.jar.header } })).status).toBe(404);
  });

  it("a demo portrait asked for before it was drawn is drawn into the bucket by the instance asked", async () => {
    const portrait = buildDemoMembers({ now: new Date() })[0]!.photos[0]!;
    const keys = { filename: `demo${process.pid}/1.jpg`, thumbFilename: `demo${process.pid}/1_thumb.jpg` };
    await writePendingPortraits(getMediaStorage(), [{ ...keys, portrait }]);
    expect(await objectsInBucket()).toContain(`${PREFIX}demo-photos-pending.json`);
    expect(await objectsInBucket()).not.toContain(`${PREFIX}${keys.thumbFilename}`);
    const res = await request(serverB, photoUrl(lovely, keys.thumbFilename), { host: "lovely.localhost" });
    expect(res.status).toBe(200);
    expect((await sharp(res.bytes).metadata()).format).toBe("jpeg");
    expect(await objectsInBucket()).toContain(`${PREFIX}${keys.thumbFilename}`);
    expect((await objectBytes(`${PREFIX}${keys.thumbFilename}`)).equals(res.bytes)).toBe(true);
    // drawn once: instance A now reads the object instance B stored
    expect((await request(serverA, photoUrl(lovely, keys.thumbFilename), { host: "lovely.localhost" })).bytes.equals(res.bytes)).toBe(true);
    expect(existsSync(path.join(dataDirB, "media"))).toBe(false);
  });

  it("a key the bucket does not hold, one outside the prefix, a forged or foreign signature: 404", async () => {
    // an object of another deployment in the same bucket, outside this one's prefix
    await bucket().send(new PutObjectCommand({ Bucket: BUCKET, Key: "elsewhere.jpg", Body: Buffer.from("\xff\xd8 not ours", "latin1") }));
    // and one of ours, put straight into the bucket: served, so the answers below come from the bucket
    const ours = Buffer.from("\xff\xd8 ours, put by an operator's copy", "latin1");
    await bucket().send(new PutObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}copied/held.jpg`, Body: ours }));
    const day = Math.floor(Date.now() / 86_400_000) + 1;
    for (const server of [serverA, serverB]) {
      const held = await request(server, photoUrl(lovely, "copied/held.jpg"), { host: "lovely.localhost" });
      expect(held.status).toBe(200);
      expect(held.bytes.equals(ours)).toBe(true);
      for (const key of ["99999999/never-stored.jpg", "elsewhere.jpg"]) {
        const res = await request(server, photoUrl(lovely, key), { host: "lovely.localhost" });
        expect(res.status).toBe(404);
        expect(res.headers["content-type"]).not.toBe("image/jpeg");
      }
      const signed = `/media/${day}/${mediaSignature("mature", "elsewhere.jpg", day)}/elsewhere.jpg`;
      expect((await request(server, signed, { host: "lovely.localhost" })).status).toBe(404);
      expect((await request(server, `/media/${day}/${"A".repeat(32)}/elsewhere.jpg`, { host: "lovely.localhost" })).status).toBe(404);
      expect((await request(server, `/media/${day}/${"A".repeat(32)}/../${PREFIX}x.jpg`, { host: "lovely.localhost" })).status).toBe(404);
    }
  });
});

describe("npm run media:copy", () => {
  const copyScript = (args: string[], env: NodeJS.ProcessEnv = process.env) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const [, ...command] = (JSON.parse(readFileSync("package.json", "utf8")).scripts["media:copy"] as string).split(" ");
      execFile(process.execPath, [...command, ...args], { env, encoding: "utf8", timeout: 60_000 }, (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? -1) : 0, stdout, stderr }),
      );
    });

  it("moves a disk folder into the bucket, where the other instance serves it, and copies the bucket back to a folder", async () => {
    const folder = path.join(scratch, "old-disk-media");
    const old = new LocalDiskStorage(folder);
    const jpeg = await sharp({ create: { width: 40, height: 50, channels: 3, background: "#c83" } })
      .jpeg()
      .toBuffer();
    await old.put("777001/moved.jpg", jpeg, "image/jpeg");
    await old.put("777001/moved_thumb.jpg", jpeg.subarray(0, 200), "image/jpeg");
    const first = await copyScript(["--from", folder]);
    // stderr may carry the AWS SDK's notice that its releases after January 2027 need Node 22
    expect(first.stderr).not.toMatch(/media:copy:/);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(new RegExp(`^copied 2 files .* from disk ${folder} to s3 ${BUCKET}/${PREFIX} in [\\d.]+ s; 0 already there`));
    expect(await objectsInBucket()).toEqual(expect.arrayContaining([`${PREFIX}777001/moved.jpg`, `${PREFIX}777001/moved_thumb.jpg`]));
    const served = await request(serverB, photoUrl(lovely, "777001/moved.jpg"), { host: "lovely.localhost" });
    expect(served.status).toBe(200);
    expect(served.bytes.equals(jpeg)).toBe(true);
    // again: nothing left to copy
    expect((await copyScript(["--from", folder])).stdout).toMatch(/^copied 0 files .* 2 already there/);

    // and back: every object under the prefix becomes a file
    const back = path.join(scratch, "bucket-copy");
    const copiedBack = await copyScript(["--to", back]);
    expect(copiedBack.code).toBe(0);
    const inBucket = (await objectsInBucket()).filter((k) => k.startsWith(PREFIX)).map((k) => k.slice(PREFIX.length));
    expect((await keysOf(new LocalDiskStorage(back))).sort()).toEqual(inBucket.sort());
    expect(readFileSync(path.join(back, "777001/moved.jpg")).equals(jpeg)).toBe(true);
  });

  it("refuses to run against the disk store, in one line", async () => {
    const res = await copyScript(["--from", scratch], { ...process.env, MEDIA_STORE: "disk" });
    expect(res.code).toBe(2);
    expect(res.stderr.trim().split("\n")).toHaveLength(1);
    expect(res.stderr).toMatch(/^media:copy: the configured media store is the disk/);
  });
});

describe("when the S3 store does not answer", () => {
  // a server that takes connections and never answers: the store's deadline must end the wait
  const held: Socket[] = [];
  let silent: Server;
  let silentPort = 0;
  beforeAll(async () => {
    silentPort = await freePort();
    silent = createServer((socket) => void held.push(socket));
    await new Promise<void>((resolve) => silent.listen(silentPort, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });
  useEnv(() => ({ S3_ENDPOINT: `http://127.0.0.1:${silentPort}`, S3_TIMEOUT_MS: "600" }));

  it("a photo is answered 503 within the deadline, not held", async () => {
    const started = performance.now();
    const res = await request(serverA, photoUrl(lovely, "12345/anything.jpg"), { host: "lovely.localhost" });
    const took = performance.now() - started;
    expect(res.status).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(took).toBeLessThan(2000);
  });

  it("a member's deletion still goes through, within the deadline", async () => {
    const m = await loggedInMember(serverA, { photos: 2 });
    const [photo] = await getDb().photo.findMany({ where: { profileId: m.profile.id }, orderBy: { position: "asc" } });
    const started = performance.now();
    const res = await request(serverA, "/profile", {
      host: m.host,
      method: "POST",
      headers: { ...EN, cookie: m.jar.header, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "photo-delete", photo: String(photo!.id) }).toString(),
    });
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(await getDb().photo.count({ where: { profileId: m.profile.id } })).toBe(1);
  });
});
