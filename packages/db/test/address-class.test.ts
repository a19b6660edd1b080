import { classifyAddress, isIpLiteral, isPublicAddress } from '../src/webhooks/address-class';
import { internalHostnameProblem, isLoopbackHostname, webhookUrlProblem } from '../src/webhooks/url-policy';

describe('classifyAddress', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['93.184.216.34', 'public'],
    ['0.0.0.0', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['100.128.0.1', 'public'],
    ['100.100.100.200', 'shared'], // Alibaba metadata sits in 100.64/10
    ['169.254.169.254', 'link_local'], // AWS/GCP/Azure metadata
    ['168.63.129.16', 'metadata'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
  ])('IPv4 %s is %s', (ip, cls) => expect(classifyAddress(ip)).toBe(cls));

  it.each([
    ['2606:4700:4700::1111', 'public'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link_local'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::127.0.0.1', 'loopback'], // NAT64 reaching 127.0.0.1
    ['64:ff9b::808:808', 'public'],
    ['2002:7f00:1::1', 'loopback'], // 6to4 of 127.0.0.1
    ['fd00::1', 'private'],
    ['fdab:cdef::1', 'private'],
    ['fc00::1', 'private'],
    ['fd00:ec2::254', 'metadata'],
    ['fe80::1', 'link_local'],
    ['fe80::1%eth0', 'link_local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['::127.0.0.1', 'loopback'], // IPv4-compatible (deprecated) reaching 127.0.0.1
    ['::8.8.8.8', 'reserved'], // IPv4-compatible: never public
    ['100::1', 'reserved'], // discard-only
    ['2001::1', 'reserved'], // Teredo
    ['1::1', 'reserved'], // outside 2000::/3: not allocated for global unicast
  ])('IPv6 %s is %s', (ip, cls) => expect(classifyAddress(ip)).toBe(cls));

  // Every way an IPv6 address can carry (map, translate, embed) an IPv4 address is judged by
  // the IPv4 address it reaches: loopback, metadata and private targets in IPv6 clothing.
  it.each([
    // IPv4-mapped, ::ffff:0:0/96
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:1', 'loopback'],
    ['0000:0000:0000:0000:0000:FFFF:7F00:0001', 'loopback'],
    ['[::ffff:7f00:1]', 'loopback'],
    ['::ffff:a9fe:a9fe', 'link_local'],
    ['::ffff:192.168.1.1', 'private'],
    ['::ffff:808:808', 'public'],
    ['::ffff:168.63.129.16', 'metadata'],
    // IPv4-translated (RFC 6145), ::ffff:0:0:0/96
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['::ffff:0:7f00:1', 'loopback'],
    ['[::ffff:0:7f00:1]', 'loopback'],
    ['0:0:0:0:ffff:0:7f00:1', 'loopback'],
    ['::ffff:0:169.254.169.254', 'link_local'],
    ['::ffff:0:a00:1', 'private'],
    ['::ffff:0:808:808', 'public'],
    // NAT64 well-known prefix (RFC 6052), 64:ff9b::/96
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b:0:0:0:0:a9fe:a9fe', 'link_local'],
    ['64:ff9b::c0a8:101', 'private'],
    ['64:ff9b::808:808', 'public'],
    ['64:ff9b:1::a00:1', 'private'], // local-use NAT64 (RFC 8215)
    // IPv4-compatible (deprecated), ::/96
    ['::127.0.0.1', 'loopback'],
    ['::7f00:1', 'loopback'],
    ['::169.254.169.254', 'link_local'],
    ['::a00:1', 'private'],
    // 6to4 (RFC 3056), 2002::/16 with the IPv4 address in bits 16–48
    ['2002:7f00:1::1', 'loopback'],
    ['2002:a9fe:a9fe::', 'link_local'],
    ['2002:c0a8:101::1', 'private'],
    ['2002:808:808::1', 'public'],
  ])('%s is %s', (ip, cls) => expect(classifyAddress(ip)).toBe(cls));

  it('rejects what is not an IP address', () => {
    expect(classifyAddress('example.com')).toBe('invalid');
    expect(classifyAddress('256.1.1.1')).toBe('invalid');
    expect(isPublicAddress('example.com')).toBe(false);
    expect(isIpLiteral('[::1]')).toBe(true);
    expect(isIpLiteral('localhost')).toBe(false);
  });
});

describe('webhookUrlProblem', () => {
  const strict = { allowPrivateTargets: false }; // every mode's default
  const local = { allowPrivateTargets: true }; // WEBHOOK_ALLOW_PRIVATE_TARGETS=true

  it('accepts https to public hosts; http and private hosts only with WEBHOOK_ALLOW_PRIVATE_TARGETS', () => {
    expect(webhookUrlProblem('https://hooks.example.com/x', strict)).toBeNull();
    expect(webhookUrlProblem('https://8.8.8.8/x', strict)).toBeNull();
    expect(webhookUrlProblem('https://[2606:4700:4700::1111]/x', strict)).toBeNull();
    expect(webhookUrlProblem('http://127.0.0.1:8080/x', local)).toBeNull();
    expect(webhookUrlProblem('http://localhost:8080/x', local)).toBeNull();
    expect(webhookUrlProblem('http://[::1]:8080/x', local)).toBeNull();
    expect(webhookUrlProblem('http://192.168.1.20:8080/x', local)).toBeNull();
    expect(webhookUrlProblem('https://169.254.169.254/x', local)).toBeNull();
    expect(webhookUrlProblem('https://hooks.example.com/x', local)).toBeNull();
    expect(webhookUrlProblem('http://hooks.example.com/x', local)).toMatch(/https/);
  });

  it.each([
    'http://hooks.example.com/x',
    'http://127.0.0.1/x',
    'http://localhost:8080/x',
    'https://localhost/x',
    'https://api.localhost/x',
    'https://127.0.0.1/x',
    'https://2130706433/x', // 127.0.0.1 written as one number
    'https://0x7f.1/x',
    'https://[::1]/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://[::ffff:0:127.0.0.1]/x',
    'https://[::ffff:7f00:1]/x',
    'https://[64:ff9b::7f00:1]/x',
    'https://[::127.0.0.1]/x',
    'https://[2002:7f00:1::1]/x',
    'https://169.254.169.254/latest/meta-data',
    'https://[::ffff:169.254.169.254]/latest/meta-data',
    'https://168.63.129.16/x',
    'https://[fd00:ec2::254]/x',
    'https://192.168.1.1/x',
    'https://10.0.0.5/x',
    'https://100.64.1.1/x',
    'https://[fd00::1]/x',
    'https://[fe80::1]/x',
    'https://0.0.0.0/x',
  ])('refuses %s by default (every mode)', (url) => expect(webhookUrlProblem(url, strict)).not.toBeNull());

  it('refuses what is not an http(s) URL, and credentials', () => {
    for (const policy of [strict, local]) {
      expect(webhookUrlProblem('ftp://example.com/x', policy)).toMatch(/http/);
      expect(webhookUrlProblem('not a url', policy)).toMatch(/absolute/);
      expect(webhookUrlProblem('https://user:pw@example.com/x', policy)).toMatch(/credentials/);
      expect(webhookUrlProblem(`https://example.com/${'a'.repeat(2100)}`, policy)).toMatch(/2048/);
    }
  });

  it.each([
    ['https://metadata.google.internal/computeMetadata/v1/', 'metadata.google.internal is an internal host name (.internal)'],
    ['https://metadata/computeMetadata/v1/', 'metadata is a single-label (internal) host name'],
    ['https://instance-data/latest/meta-data/', 'instance-data is a single-label (internal) host name'],
    ['https://instance-data.ec2.internal/latest/', 'instance-data.ec2.internal is an internal host name (.internal)'],
    ['https://printer.local/x', 'printer.local is an internal host name (.local)'],
    ['https://db.cluster.local/x', 'db.cluster.local is an internal host name (.local)'],
    ['https://localhost.localdomain/x', 'localhost.localdomain is an internal host name (.localdomain)'],
    ['https://METADATA.GOOGLE.INTERNAL./x', 'metadata.google.internal is an internal host name (.internal)'],
    ['https://router.home.arpa/x', 'router.home.arpa is an internal host name (.home.arpa)'],
    ['https://metadata.goog/x', 'metadata.goog is an internal host name (.metadata.goog)'],
  ])("refuses the internal name of %s at creation, with the delivery check's words", (url, problem) => {
    expect(webhookUrlProblem(url, strict)).toBe(`must not point to an internal host: ${problem}`);
    expect(internalHostnameProblem(new URL(url).hostname)).toBe(problem);
    // WEBHOOK_ALLOW_PRIVATE_TARGETS=true is for local receivers: it lets them through.
    expect(webhookUrlProblem(url, local)).toBeNull();
  });

  it('does not take public names for internal ones', () => {
    for (const host of ['hooks.example.com', 'internal.example.com', 'local.example.org', 'my-metadata.io', 'a.b.c.d.example']) {
      expect(internalHostnameProblem(host)).toBeNull();
      expect(webhookUrlProblem(`https://${host}/x`, strict)).toBeNull();
    }
  });

  it('knows loopback host names', () => {
    expect(isLoopbackHostname('LOCALHOST.')).toBe(true);
    expect(isLoopbackHostname('127.1.2.3')).toBe(true);
    expect(isLoopbackHostname('example.com')).toBe(false);
  });
});
