import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, list, pick, pickEach } from '../common.js';

const currency = z
  .string()
  .min(3)
  .default('usd')
  .describe('Quote currency, such as "usd" or "eur"');

const price = z.object({
  ids: z.string().min(1).describe('Comma-separated coin IDs, such as "bitcoin,ethereum" (search)'),
  vs_currencies: z
    .string()
    .default('usd')
    .describe('Comma-separated currencies, such as "usd,eur"'),
});
const search = z.object({ query: z.string().min(1).describe('Coin name or symbol') });
const markets = z.object({
  vs_currency: currency,
  per_page: z.number().int().min(1).max(250).default(20).describe('Coins to return'),
});
const coin = z.object({ id: z.string().min(1).describe('Coin ID, such as "bitcoin"') });

/**
 * CoinGecko's public API: prices, market caps and trends. Works without a key; a free Demo
 * key raises the limit to 30 calls a minute.
 */
export default defineIntegration({
  id: 'coingecko',
  name: 'CoinGecko',
  category: 'public',
  docsUrl: 'https://docs.coingecko.com/v3.0.1/reference/introduction',
  apiVersion: 'v3',
  baseUrl: 'https://api.coingecko.com/api/v3',
  auth: {
    type: 'api_key',
    placements: [{ in: 'header', name: 'x-cg-demo-api-key', field: 'demo_api_key' }],
  },
  fields: [
    {
      name: 'demo_api_key',
      label: 'Demo API key (optional; Developer dashboard)',
      secret: true,
      optional: true,
      format: /^CG-[A-Za-z0-9]{20,}$/,
      example: 'CG-Ex4mpleDemoKey00000000',
    },
  ],
  // The Demo plan allows 30 calls a minute.
  rateLimit: { requests: 25, perSeconds: 60 },
  testAction: 'ping',
  actions: {
    ping: defineAction<Record<string, never>>({
      description: 'Check that the API answers.',
      risk: 'read',
      method: 'GET',
      path: '/ping',
      input: z.object({}),
      example: { input: {}, request: 'GET /api/v3/ping' },
    }),
    simple_price: defineAction<z.input<typeof price>>({
      description: 'Current price, 24-hour change and market cap of coins.',
      risk: 'read',
      method: 'GET',
      path: '/simple/price',
      input: price,
      query: (input) => ({
        ids: input.ids,
        vs_currencies: input.vs_currencies,
        include_market_cap: true,
        include_24hr_change: true,
      }),
      example: {
        input: { ids: 'bitcoin,ethereum', vs_currencies: 'usd' },
        request:
          'GET /api/v3/simple/price?ids=bitcoin%2Cethereum&vs_currencies=usd&include_market_cap=true&include_24hr_change=true',
      },
    }),
    search: defineAction<z.infer<typeof search>>({
      description: 'Find coin IDs by name or symbol.',
      risk: 'read',
      method: 'GET',
      path: '/search',
      input: search,
      query: ['query'],
      result: (body) => pickEach(body, ['id', 'name', 'symbol', 'market_cap_rank'], 'coins'),
      example: { input: { query: 'solana' }, request: 'GET /api/v3/search?query=solana' },
    }),
    markets: defineAction<z.input<typeof markets>>({
      description: 'Top coins by market cap with price and 24-hour change.',
      risk: 'read',
      method: 'GET',
      path: '/coins/markets',
      input: markets,
      query: (input) => ({
        vs_currency: input.vs_currency,
        order: 'market_cap_desc',
        per_page: input.per_page,
      }),
      result: (body) =>
        pickEach(body, [
          'id',
          'symbol',
          'current_price',
          'market_cap',
          'market_cap_rank',
          'price_change_percentage_24h',
        ]),
      example: {
        input: { vs_currency: 'eur', per_page: 10 },
        request: 'GET /api/v3/coins/markets?vs_currency=eur&order=market_cap_desc&per_page=10',
      },
    }),
    trending: defineAction<Record<string, never>>({
      description: 'Coins trending in searches over the last 24 hours.',
      risk: 'read',
      method: 'GET',
      path: '/search/trending',
      input: z.object({}),
      result: (body) =>
        list(body, 'coins').map((entry) =>
          pick(at(entry, 'item'), ['id', 'name', 'symbol', 'market_cap_rank']),
        ),
      example: { input: {}, request: 'GET /api/v3/search/trending' },
    }),
    get_coin: defineAction<z.infer<typeof coin>>({
      description: 'One coin: description, links and market data.',
      risk: 'read',
      method: 'GET',
      path: '/coins/{id}',
      input: coin,
      query: () => ({
        localization: false,
        tickers: false,
        community_data: false,
        developer_data: false,
      }),
      result: (body) => {
        const description = at(body, 'description.en');
        return {
          ...pick(body, [
            'id',
            'name',
            'symbol',
            'homepage:links.homepage',
            'price_usd:market_data.current_price.usd',
            'market_cap_usd:market_data.market_cap.usd',
            'change_24h_percent:market_data.price_change_percentage_24h',
            'all_time_high_usd:market_data.ath.usd',
          ]),
          description: typeof description === 'string' ? description.slice(0, 1500) : undefined,
        };
      },
      example: {
        input: { id: 'bitcoin' },
        request:
          'GET /api/v3/coins/bitcoin?localization=false&tickers=false&community_data=false&developer_data=false',
      },
    }),
  },
});
