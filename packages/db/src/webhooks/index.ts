export * from './address-class';
export * from './url-policy';
export * from './secret';
export * from './present';
export * from './create-webhook';
export * from './read-webhooks';
export * from './delete-webhook';
export * from './list-deliveries';
