export * from './endpoint.ts';
export * from './envelope.ts';
export * from './formats.ts';
export * from './messages.ts';
export * from './contact.ts';
