import { classifyAddress, isIpLiteral, isPublicAddress } from '../src/webhooks/address-class';
import { isLoopbackHostname, webhookUrlProblem } from '../src/webhooks/url-policy';

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
    ['::127.0.0.1', 'reserved'],
  ])('IPv6 %s is %s', (ip, cls) => expect(classifyAddress(ip)).toBe(cls));

  it('rejects what is not an IP address', () => {
    expect(classifyAddress('example.com')).toBe('invalid');
    expect(classifyAddress('256.1.1.1')).toBe('invalid');
    expect(isPublicAddress('example.com')).toBe(false);
    expect(isIpLiteral('[::1]')).toBe(true);
    expect(isIpLiteral('localhost')).toBe(false);
  });
});

describe('webhookUrlProblem', () => {
  const prod = { production: true };
  const dev = { production: false };

  it('accepts https to public hosts everywhere, http to loopback in development only', () => {
    expect(webhookUrlProblem('https://hooks.example.com/x', prod)).toBeNull();
    expect(webhookUrlProblem('https://8.8.8.8/x', prod)).toBeNull();
    expect(webhookUrlProblem('http://127.0.0.1:8080/x', dev)).toBeNull();
    expect(webhookUrlProblem('http://localhost:8080/x', dev)).toBeNull();
    expect(webhookUrlProblem('http://[::1]:8080/x', dev)).toBeNull();
    expect(webhookUrlProblem('http://hooks.example.com/x', dev)).toMatch(/https/);
  });

  it.each([
    'http://hooks.example.com/x',
    'http://127.0.0.1/x',
    'https://localhost/x',
    'https://api.localhost/x',
    'https://127.0.0.1/x',
    'https://2130706433/x', // 127.0.0.1 written as one number
    'https://0x7f.1/x',
    'https://[::1]/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://169.254.169.254/latest/meta-data',
    'https://10.0.0.5/x',
    'https://100.64.1.1/x',
    'https://[fd00::1]/x',
    'https://[fe80::1]/x',
    'https://0.0.0.0/x',
  ])('refuses %s in production', (url) => expect(webhookUrlProblem(url, prod)).not.toBeNull());

  it('refuses what is not an http(s) URL, and credentials', () => {
    expect(webhookUrlProblem('ftp://example.com/x', dev)).toMatch(/http/);
    expect(webhookUrlProblem('not a url', dev)).toMatch(/absolute/);
    expect(webhookUrlProblem('https://user:pw@example.com/x', dev)).toMatch(/credentials/);
    expect(webhookUrlProblem(`https://example.com/${'a'.repeat(2100)}`, dev)).toMatch(/2048/);
  });

  it('knows loopback host names', () => {
    expect(isLoopbackHostname('LOCALHOST.')).toBe(true);
    expect(isLoopbackHostname('127.1.2.3')).toBe(true);
    expect(isLoopbackHostname('example.com')).toBe(false);
  });
});
