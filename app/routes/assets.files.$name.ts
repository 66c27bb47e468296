// Files pages link, at the address a Docusaurus build gives them: /assets/files/{name}-{md4}.{ext}
// (server/urls/build.ts hashedAssetUrl). The hash fixes the bytes, as the blob id does for /_assets/.
export { loader } from './[_assets].$oid.$name';
