/**
 * A path inside this site to go to after logging in ('/order/…'), never another site: '//evil.example' and
 * '/\evil.example' are read by browsers as addresses of other hosts.
 */
export function isLocalPath(path: unknown): path is string {
  return (
    typeof path === 'string' &&
    path.length <= 500 &&
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.startsWith('/\\') &&
    !/[\s\\]/.test(path)
  );
}
