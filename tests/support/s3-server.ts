// A real S3-compatible server (s3rver, in this process) on a free loopback port, its objects in
// `directory`, with the buckets named already made: for tests of the S3 media store.
import S3rver from "s3rver";
import { freePort } from "./free-port.ts";

/** s3rver accepts only this key pair. */
export const S3_TEST_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export async function startS3Server(directory: string, buckets: string[]) {
  const port = await freePort();
  const server = new S3rver({ port, address: "127.0.0.1", silent: true, directory, configureBuckets: buckets.map((name) => ({ name, configs: [] })) });
  await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, close: () => server.close() };
}
