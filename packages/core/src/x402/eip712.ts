import { X402_ASSET_EXTRA, X402_CHAIN_ID } from './constants';

/** EIP-3009 typed data, as USDC's contract and the x402 client sign it. */
export const TRANSFER_WITH_AUTHORIZATION_TYPES = {
  TransferWithAuthorization: [
    { name: 'from', type: 'address' },
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'validAfter', type: 'uint256' },
    { name: 'validBefore', type: 'uint256' },
    { name: 'nonce', type: 'bytes32' },
  ],
} as const;

export interface Eip3009Domain {
  name: string;
  version: string;
  chainId: number;
  verifyingContract: `0x${string}`;
}

/** The signing domain: the asset contract is the verifying contract. */
export function eip3009Domain(
  asset: string,
  extra: { name: string; version: string } = X402_ASSET_EXTRA,
  chainId = X402_CHAIN_ID,
): Eip3009Domain {
  return { name: extra.name, version: extra.version, chainId, verifyingContract: asset as `0x${string}` };
}
