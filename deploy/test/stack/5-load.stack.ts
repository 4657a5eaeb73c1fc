// A hundred chat messages through the proxy, so that the script's figures after the suite show
// what each container holds once the agent has been used (bench/README.md).
import { describe, expect, it } from 'vitest';
import { signIn } from './stack.js';

describe('ordinary use', () => {
  it('answers 100 chat messages through agent-proxy, four at a time', async () => {
    const session = await signIn();
    let answered = 0;
    const worker = async (lane: number) => {
      for (let i = lane; i < 100; i += 4) {
        const reply = await session.call('/chat', {
          body: { text: `Message ${i} of the load run`, chat_id: `load-${lane}` },
        });
        expect(reply.status, reply.body).toBe(200);
        expect(reply.json().reply).toContain(`Message ${i} of the load run`);
        answered++;
      }
    };
    await Promise.all([0, 1, 2, 3].map(worker));
    expect(answered).toBe(100);
  });
});
