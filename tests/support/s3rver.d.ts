// The part of s3rver's options and methods the tests use (the package ships no types).
declare module "s3rver" {
  export default class S3rver {
    constructor(options: { port: number; address: string; silent: boolean; directory: string; configureBuckets: { name: string; configs: string[] }[] });
    run(): Promise<unknown>;
    close(): Promise<unknown>;
  }
}
