import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, list, pick } from '../common.js';

const deviceId = z.string().optional().describe('Device to act on (default: the active device)');

/** "Title - Artist, Artist" for a track or an episode. */
const trackLine = (item: unknown) => {
  const artists = list(item, 'artists').map((artist) => at(artist, 'name'));
  const by = artists.length > 0 ? artists.join(', ') : at(item, 'show.name');
  return { title: at(item, 'name'), by, uri: at(item, 'uri') };
};

const SEARCH_TYPES = ['track', 'album', 'artist', 'playlist', 'show', 'episode'] as const;
const search = z.object({
  q: z.string().min(1).describe('Search words; filters like "artist:Miles Davis year:1959" work'),
  type: z.enum(SEARCH_TYPES).default('track').describe('What to search for'),
  limit: z.number().int().min(1).max(10).default(10).describe('Results to return (max 10)'),
});
const play = z.object({
  uris: z
    .array(z.string())
    .optional()
    .describe('Track URIs to play, such as ["spotify:track:..."]'),
  context_uri: z.string().optional().describe('Album, artist or playlist URI to play instead'),
  device_id: deviceId,
});
const device = z.object({ device_id: deviceId });
const queue = z.object({
  uri: z
    .string()
    .min(1)
    .describe('Track or episode URI, such as "spotify:track:4iV5W9uYEdYUVa79Axb7Rh"'),
  device_id: deviceId,
});

/**
 * Spotify Web API for one user's playback, through the OAuth 2.0 refresh-token grant. The
 * refresh token is obtained once (authorization code flow) with the scopes below; playback
 * control needs Spotify Premium.
 */
export default defineIntegration({
  id: 'spotify',
  name: 'Spotify',
  category: 'home',
  docsUrl: 'https://developer.spotify.com/documentation/web-api',
  apiVersion: 'v1',
  baseUrl: 'https://api.spotify.com/v1',
  auth: {
    type: 'oauth2',
    tokenUrl: 'https://accounts.spotify.com/api/token',
    clientIdField: 'client_id',
    clientSecretField: 'client_secret',
    refreshTokenField: 'refresh_token',
    scopes: [
      'user-read-playback-state',
      'user-modify-playback-state',
      'user-read-currently-playing',
    ],
    clientAuthentication: 'basic',
  },
  fields: [
    {
      name: 'client_id',
      label: 'Client ID of your app (developer.spotify.com dashboard)',
      secret: false,
      format: /^[0-9a-f]{32}$/,
      example: '0123456789abcdef0123456789abcdef',
    },
    {
      name: 'client_secret',
      label: 'Client secret of your app',
      secret: true,
      format: /^[0-9a-f]{32}$/,
      example: 'fedcba9876543210fedcba9876543210',
    },
    {
      name: 'refresh_token',
      label: 'Refresh token from the authorization code flow',
      secret: true,
      format: /^[A-Za-z0-9_-]{40,}$/,
      example: 'AQEx4mpleRefreshT0ken_000000000000000000000000000000',
    },
  ],
  testAction: 'get_profile',
  actions: {
    get_profile: defineAction<Record<string, never>>({
      description: "The user's profile (name, country, subscription).",
      risk: 'read',
      method: 'GET',
      path: '/me',
      input: z.object({}),
      result: (body) => pick(body, ['id', 'display_name', 'country', 'product']),
      example: { input: {}, request: 'GET /v1/me' },
    }),
    get_playback: defineAction<Record<string, never>>({
      description: 'What is playing, on which device, and whether it is paused.',
      risk: 'read',
      method: 'GET',
      path: '/me/player',
      input: z.object({}),
      result: (body) => ({
        ...pick(body, [
          'is_playing',
          'device_id:device.id',
          'device:device.name',
          'volume_percent:device.volume_percent',
          'progress_ms',
        ]),
        item: at(body, 'item') ? trackLine(at(body, 'item')) : undefined,
      }),
      example: { input: {}, request: 'GET /v1/me/player' },
    }),
    search: defineAction<z.input<typeof search>>({
      description: 'Search the catalog for tracks, albums, artists, playlists or podcasts.',
      risk: 'read',
      method: 'GET',
      path: '/search',
      input: search,
      query: ['q', 'type', 'limit'],
      result: (body) => {
        // The answer holds one list per type searched: { "albums": { "items": [...] } }.
        const group = SEARCH_TYPES.map((type) => at(body, `${type}s`)).find(Boolean);
        return list(group, 'items').map(trackLine);
      },
      example: {
        input: { q: 'kind of blue', type: 'album', limit: 5 },
        request: 'GET /v1/search?q=kind+of+blue&type=album&limit=5',
      },
    }),
    play: defineAction<z.infer<typeof play>>({
      description: 'Start or resume playback, optionally of given tracks or an album/playlist.',
      risk: 'write',
      method: 'PUT',
      path: '/me/player/play',
      input: play,
      query: ['device_id'],
      body: ['uris', 'context_uri'],
      example: {
        input: { context_uri: 'spotify:album:1weenld61qoidwYuZ1GESA' },
        request: 'PUT /v1/me/player/play',
      },
    }),
    pause: defineAction<z.infer<typeof device>>({
      description: 'Pause playback.',
      risk: 'write',
      method: 'PUT',
      path: '/me/player/pause',
      input: device,
      query: ['device_id'],
      example: { input: {}, request: 'PUT /v1/me/player/pause' },
    }),
    next_track: defineAction<z.infer<typeof device>>({
      description: 'Skip to the next track.',
      risk: 'write',
      method: 'POST',
      path: '/me/player/next',
      input: device,
      query: ['device_id'],
      example: { input: {}, request: 'POST /v1/me/player/next' },
    }),
    add_to_queue: defineAction<z.infer<typeof queue>>({
      description: 'Add a track or episode to the playback queue.',
      risk: 'write',
      method: 'POST',
      path: '/me/player/queue',
      input: queue,
      query: ['uri', 'device_id'],
      example: {
        input: { uri: 'spotify:track:4iV5W9uYEdYUVa79Axb7Rh' },
        request: 'POST /v1/me/player/queue?uri=spotify%3Atrack%3A4iV5W9uYEdYUVa79Axb7Rh',
      },
    }),
  },
});
