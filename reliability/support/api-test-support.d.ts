// The API's test servers (S3, push receiver) are reused here; these are the typings they come with.
/// <reference path="../../apps/api/test/support/http-ece.d.ts" />
/// <reference path="../../apps/api/test/support/s3rver.d.ts" />
