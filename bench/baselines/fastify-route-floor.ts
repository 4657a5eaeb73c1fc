/**
 * The fast path's floor: Fastify with what the runtime's POST /chat passes through before any
 * work of its own (the runtime's logger, the cookie parser, the zod body and reply schemas with
 * their compilers), answering the fast path's reply shape at once. Against the bare hello-world
 * it shows how much of the fast-path target the framework's request handling leaves.
 */
import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createLogger } from '../../packages/core/src/logger.ts';
import { answerFastPathAtOnce } from './fast-path-floor-route.ts';

const app = Fastify({ loggerInstance: createLogger('warn') as FastifyBaseLogger });
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
await app.register(cookie);
app.get('/health', async () => ({ status: 'ok' }));
answerFastPathAtOnce(app, '/chat');
await app.listen({ port: Number(process.env.PORT ?? 8080), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
