import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { list, pageSize, pick } from '../common.js';

const customerId = z.string().regex(/^cus_[A-Za-z0-9]+$/);
const amount = z.number().int().positive();
const currency = z
  .string()
  .regex(/^[a-z]{3}$/)
  .describe('Three-letter ISO code, lowercase (usd, eur).');
const page = (body: unknown, keys: string[]) => ({
  ...pick(body, ['has_more']),
  data: list(body, 'data').map((item) => pick(item, keys)),
});

export default defineIntegration({
  id: 'stripe',
  name: 'Stripe',
  category: 'commerce',
  docsUrl: 'https://docs.stripe.com/api',
  apiVersion: '2026-07-29.dahlia',
  baseUrl: 'https://api.stripe.com',
  auth: { type: 'bearer', field: 'secret_key' },
  headers: { 'Stripe-Version': '2026-07-29.dahlia' },
  fields: [
    {
      name: 'secret_key',
      label: 'Secret or restricted key',
      secret: true,
      format: /^(sk|rk)_(live|test)_[A-Za-z0-9]{24,247}$/,
      example: 'rk_test_51AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
    },
  ],
  // 100 requests a second in live mode, 25 in test mode.
  rateLimit: { requests: 20, perSeconds: 1 },
  testAction: 'get_balance',
  actions: {
    get_balance: defineAction({
      description: 'Read the available and pending balance of the account.',
      risk: 'read',
      method: 'GET',
      path: '/v1/balance',
      input: z.object({}),
      result: (body) => pick(body, ['available', 'pending', 'livemode']),
      example: { input: {}, request: 'GET /v1/balance' },
    }),
    list_customers: defineAction({
      description: 'List customers, newest first, or find them by email.',
      risk: 'read',
      method: 'GET',
      path: '/v1/customers',
      input: z.object({
        email: z.string().optional().describe('Exact email address (case-sensitive).'),
        limit: pageSize(100, 'customers'),
        starting_after: customerId.optional().describe('Last customer ID of the previous page.'),
      }),
      query: ['email', 'limit', 'starting_after'],
      result: (body) => page(body, ['id', 'email', 'name', 'created', 'delinquent']),
      example: {
        input: { email: 'jenny@example.com', limit: 10 },
        request: 'GET /v1/customers?email=jenny%40example.com&limit=10',
      },
    }),
    create_customer: defineAction({
      description: 'Create a customer.',
      risk: 'write',
      method: 'POST',
      path: '/v1/customers',
      input: z.object({
        email: z.email().optional().describe('Email address.'),
        name: z.string().optional().describe('Full name or business name.'),
        description: z.string().optional().describe('Note shown in the Dashboard.'),
      }),
      body: ['email', 'name', 'description'],
      bodyType: 'form',
      result: (body) => pick(body, ['id', 'email', 'name', 'created']),
      example: {
        input: { email: 'jenny@example.com', name: 'Jenny Rosen' },
        request: 'POST /v1/customers',
      },
    }),
    list_payments: defineAction({
      description: 'List payments (PaymentIntents), newest first, optionally of one customer.',
      risk: 'read',
      method: 'GET',
      path: '/v1/payment_intents',
      input: z.object({
        customer: customerId.optional().describe('Only this customer.'),
        limit: pageSize(100, 'payments'),
        starting_after: z
          .string()
          .optional()
          .describe('Last PaymentIntent ID of the previous page.'),
      }),
      query: ['customer', 'limit', 'starting_after'],
      result: (body) =>
        page(body, [
          'id',
          'amount',
          'amount_received',
          'currency',
          'status',
          'customer',
          'created',
          'description',
        ]),
      example: {
        input: { customer: 'cus_NffrFeUfNV2Hib', limit: 10 },
        request: 'GET /v1/payment_intents?customer=cus_NffrFeUfNV2Hib&limit=10',
      },
    }),
    list_invoices: defineAction({
      description: 'List invoices, newest first, by customer or status.',
      risk: 'read',
      method: 'GET',
      path: '/v1/invoices',
      input: z.object({
        customer: customerId.optional().describe('Only this customer.'),
        status: z
          .enum(['draft', 'open', 'paid', 'uncollectible', 'void'])
          .optional()
          .describe('Only invoices in this status.'),
        limit: pageSize(100, 'invoices'),
      }),
      query: ['customer', 'status', 'limit'],
      result: (body) =>
        page(body, [
          'id',
          'number',
          'customer',
          'status',
          'amount_due',
          'amount_paid',
          'currency',
          'due_date',
          'hosted_invoice_url',
        ]),
      example: {
        input: { status: 'open', limit: 20 },
        request: 'GET /v1/invoices?status=open&limit=20',
      },
    }),
    create_refund: defineAction({
      description: 'Refund a payment, in full or in part. Moves money back to the customer.',
      risk: 'destructive',
      method: 'POST',
      path: '/v1/refunds',
      input: z.object({
        payment_intent: z
          .string()
          .regex(/^pi_[A-Za-z0-9]+$/)
          .describe('The PaymentIntent to refund.'),
        amount: amount
          .optional()
          .describe('Amount in the smallest currency unit; all of it when absent.'),
        reason: z
          .enum(['duplicate', 'fraudulent', 'requested_by_customer'])
          .optional()
          .describe('Why the payment is refunded.'),
      }),
      body: ['payment_intent', 'amount', 'reason'],
      bodyType: 'form',
      result: (body) => pick(body, ['id', 'amount', 'currency', 'status', 'payment_intent']),
      example: {
        input: { payment_intent: 'pi_3MtwBwLkdIwHu7ix28a3tqPa', reason: 'requested_by_customer' },
        request: 'POST /v1/refunds',
      },
    }),
    create_payout: defineAction({
      description: 'Pay out part of the available balance to the default bank account.',
      risk: 'destructive',
      method: 'POST',
      path: '/v1/payouts',
      input: z.object({
        amount: amount.describe('Amount in the smallest currency unit (cents).'),
        currency,
        description: z.string().optional().describe('Note shown in the Dashboard.'),
      }),
      body: ['amount', 'currency', 'description'],
      bodyType: 'form',
      result: (body) => pick(body, ['id', 'amount', 'currency', 'status', 'arrival_date']),
      example: { input: { amount: 110_000, currency: 'usd' }, request: 'POST /v1/payouts' },
    }),
  },
});
