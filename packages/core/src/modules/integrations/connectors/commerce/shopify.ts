import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, list, pageSize, pick } from '../common.js';

const VERSION = '2026-07';
const API = `/admin/api/${VERSION}`;
const orderId = z.number().int().positive().describe('Order ID (not the #1001 order name).');
const ORDER_FIELDS =
  'id,name,created_at,financial_status,fulfillment_status,total_price,currency,email,cancelled_at';
const order = (value: unknown) => ({
  ...pick(value, ORDER_FIELDS.split(',')),
  items: list(value, 'line_items').map((item) => pick(item, ['title', 'quantity', 'sku', 'price'])),
});

export default defineIntegration({
  id: 'shopify',
  name: 'Shopify',
  category: 'commerce',
  docsUrl: `https://shopify.dev/docs/api/admin-rest/${VERSION}`,
  apiVersion: VERSION,
  baseUrl: 'https://{shop}.myshopify.com',
  auth: {
    type: 'api_key',
    placements: [{ in: 'header', name: 'X-Shopify-Access-Token', field: 'access_token' }],
  },
  fields: [
    {
      name: 'shop',
      label: 'Shop name (the part before .myshopify.com)',
      secret: false,
      format: /^[a-z0-9][a-z0-9-]*$/,
      example: 'acme-store',
    },
    {
      name: 'access_token',
      label: 'Admin API access token',
      secret: true,
      format: /^shpat_[0-9a-f]{32}$/,
      example: 'shpat_0123456789abcdef0123456789abcdef',
    },
  ],
  // A bucket of 40 calls that leaks 2 a second on standard plans.
  rateLimit: { requests: 2, perSeconds: 1 },
  testAction: 'get_shop',
  actions: {
    get_shop: defineAction({
      description: "Read the shop's name, domain, plan and currency.",
      risk: 'read',
      method: 'GET',
      path: `${API}/shop.json`,
      input: z.object({}),
      result: (body) =>
        pick(at(body, 'shop'), [
          'name',
          'domain',
          'myshopify_domain',
          'plan_name',
          'currency',
          'iana_timezone',
        ]),
      example: { input: {}, request: `GET ${API}/shop.json` },
    }),
    list_orders: defineAction({
      description: 'List recent orders, newest first, by payment or fulfillment status.',
      risk: 'read',
      method: 'GET',
      path: `${API}/orders.json`,
      input: z.object({
        status: z
          .enum(['open', 'closed', 'cancelled', 'any'])
          .default('any')
          .describe('Order status.'),
        financial_status: z
          .enum(['paid', 'pending', 'refunded', 'partially_refunded', 'unpaid', 'any'])
          .optional()
          .describe('Payment status.'),
        fulfillment_status: z
          .enum(['shipped', 'partial', 'unshipped', 'unfulfilled', 'any'])
          .optional()
          .describe('Fulfillment status.'),
        limit: pageSize(250, 'orders'),
      }),
      query: (input) => ({ ...input, fields: `${ORDER_FIELDS},line_items` }),
      result: (body) => list(body, 'orders').map(order),
      example: {
        input: { status: 'any', financial_status: 'paid', limit: 20 },
        request: `GET ${API}/orders.json?status=any&financial_status=paid&limit=20&fields=id%2Cname%2Ccreated_at%2Cfinancial_status%2Cfulfillment_status%2Ctotal_price%2Ccurrency%2Cemail%2Ccancelled_at%2Cline_items`,
      },
    }),
    get_order: defineAction({
      description: 'Read one order with its items, customer and shipping address.',
      risk: 'read',
      method: 'GET',
      path: `${API}/orders/{order_id}.json`,
      input: z.object({ order_id: orderId }),
      result: (body) => ({
        ...order(at(body, 'order')),
        ...pick(at(body, 'order'), [
          'note',
          'tags',
          'customer.id',
          'shipping_address.city',
          'shipping_address.country',
        ]),
      }),
      example: { input: { order_id: 450789469 }, request: `GET ${API}/orders/450789469.json` },
    }),
    search_customers: defineAction({
      description: 'Find customers, such as by email:jane@example.com or by name.',
      risk: 'read',
      method: 'GET',
      path: `${API}/customers/search.json`,
      input: z.object({
        query: z
          .string()
          .min(1)
          .describe('Search text, or field:value such as email:jane@example.com.'),
        limit: pageSize(250, 'customers'),
      }),
      query: ['query', 'limit'],
      result: (body) =>
        list(body, 'customers').map((customer) =>
          pick(customer, [
            'id',
            'email',
            'first_name',
            'last_name',
            'orders_count',
            'total_spent',
            'state',
          ]),
        ),
      example: {
        input: { query: 'email:jane@example.com', limit: 10 },
        request: `GET ${API}/customers/search.json?query=email%3Ajane%40example.com&limit=10`,
      },
    }),
    list_products: defineAction({
      description: 'List products with their variants, prices and stock.',
      risk: 'read',
      method: 'GET',
      path: `${API}/products.json`,
      input: z.object({
        title: z.string().optional().describe('Only products with this title.'),
        status: z.enum(['active', 'archived', 'draft']).optional().describe('Product status.'),
        limit: pageSize(250, 'products'),
      }),
      query: (input) => ({ ...input, fields: 'id,title,status,variants' }),
      result: (body) =>
        list(body, 'products').map((product) => ({
          ...pick(product, ['id', 'title', 'status']),
          variants: list(product, 'variants').map((variant) =>
            pick(variant, ['id', 'title', 'sku', 'price', 'inventory_quantity']),
          ),
        })),
      example: {
        input: { status: 'active', limit: 50 },
        request: `GET ${API}/products.json?status=active&limit=50&fields=id%2Ctitle%2Cstatus%2Cvariants`,
      },
    }),
    cancel_order: defineAction({
      description: 'Cancel an order. Payments may be voided or refunded; this cannot be undone.',
      risk: 'destructive',
      method: 'POST',
      path: `${API}/orders/{order_id}/cancel.json`,
      input: z.object({
        order_id: orderId,
        reason: z
          .enum(['customer', 'fraud', 'inventory', 'declined', 'other'])
          .describe('Why the order is cancelled.'),
        email: z.boolean().default(false).describe('Email the customer about the cancellation.'),
      }),
      body: ['reason', 'email'],
      result: (body) => order(at(body, 'order')),
      example: {
        input: { order_id: 450789469, reason: 'customer', email: false },
        request: `POST ${API}/orders/450789469/cancel.json`,
      },
    }),
  },
});
