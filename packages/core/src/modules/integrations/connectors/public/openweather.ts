import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, list, pick, pickEach } from '../common.js';

const units = z
  .enum(['metric', 'imperial', 'standard'])
  .default('metric')
  .describe('metric (°C, m/s), imperial (°F, mph) or standard (K)');
const lang = z.string().optional().describe('Language of the descriptions, such as "de"');
const place = z.string().min(1).describe('City, optionally with country code: "Paris,FR"');
const coordinates = {
  lat: z.number().min(-90).max(90).describe('Latitude'),
  lon: z.number().min(-180).max(180).describe('Longitude'),
};

const current = z.object({
  q: place.default('London,GB').describe('City, optionally with country code (default London,GB)'),
  units,
  lang,
});
const forecast = z.object({
  q: place,
  units,
  cnt: z.number().int().min(1).max(40).default(16).describe('3-hour steps to return (8 a day)'),
});
const geocode = z.object({
  q: place,
  limit: z.number().int().min(1).max(5).default(5).describe('Places to return'),
});
const air = z.object(coordinates);

/** The fields of one weather reading worth saying aloud. */
const reading = (item: unknown) => ({
  ...pick(item, [
    'dt_txt',
    'main.temp',
    'main.feels_like',
    'main.humidity',
    'wind_speed:wind.speed',
    'pop',
  ]),
  weather: at(list(item, 'weather')[0], 'description'),
});

/** OpenWeather current weather, 5-day forecast, geocoding and air quality (free plan APIs). */
export default defineIntegration({
  id: 'openweather',
  name: 'OpenWeather',
  category: 'public',
  docsUrl: 'https://openweathermap.org/current',
  apiVersion: '2.5 (geocoding 1.0)',
  baseUrl: 'https://api.openweathermap.org',
  auth: { type: 'api_key', placements: [{ in: 'query', name: 'appid', field: 'api_key' }] },
  fields: [
    {
      name: 'api_key',
      label: 'API key (My API keys)',
      secret: true,
      format: /^[0-9a-f]{32}$/,
      example: '0123456789abcdef0123456789abcdef',
    },
  ],
  // The free plan allows 60 calls a minute.
  rateLimit: { requests: 50, perSeconds: 60 },
  testAction: 'current_weather',
  actions: {
    current_weather: defineAction<z.input<typeof current>>({
      description: 'Current weather in a city.',
      risk: 'read',
      method: 'GET',
      path: '/data/2.5/weather',
      input: current,
      query: ['q', 'units', 'lang'],
      result: (body) => ({ ...reading(body), ...pick(body, ['name', 'sys.country', 'dt']) }),
      example: {
        input: { q: 'Paris,FR', units: 'metric' },
        request: 'GET /data/2.5/weather?q=Paris%2CFR&units=metric',
      },
    }),
    forecast: defineAction<z.input<typeof forecast>>({
      description: 'Forecast in 3-hour steps for up to 5 days.',
      risk: 'read',
      method: 'GET',
      path: '/data/2.5/forecast',
      input: forecast,
      query: ['q', 'units', 'cnt'],
      result: (body) => ({
        ...pick(body, ['city.name', 'city.country']),
        steps: list(body, 'list').map(reading),
      }),
      example: {
        input: { q: 'Paris,FR', units: 'metric', cnt: 8 },
        request: 'GET /data/2.5/forecast?q=Paris%2CFR&units=metric&cnt=8',
      },
    }),
    geocode: defineAction<z.input<typeof geocode>>({
      description: 'Find the coordinates of a place by name.',
      risk: 'read',
      method: 'GET',
      path: '/geo/1.0/direct',
      input: geocode,
      query: ['q', 'limit'],
      result: (body) => pickEach(body, ['name', 'state', 'country', 'lat', 'lon']),
      example: {
        input: { q: 'Springfield,US', limit: 5 },
        request: 'GET /geo/1.0/direct?q=Springfield%2CUS&limit=5',
      },
    }),
    air_pollution: defineAction<z.infer<typeof air>>({
      description: 'Air quality index (1 good to 5 very poor) and pollutant levels at a point.',
      risk: 'read',
      method: 'GET',
      path: '/data/2.5/air_pollution',
      input: air,
      query: ['lat', 'lon'],
      result: (body) => pick(list(body, 'list')[0], ['main.aqi', 'components', 'dt']),
      example: {
        input: { lat: 48.8566, lon: 2.3522 },
        request: 'GET /data/2.5/air_pollution?lat=48.8566&lon=2.3522',
      },
    }),
  },
});
