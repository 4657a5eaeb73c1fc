import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { pick, pickEach } from '../common.js';

const sessionId = z.string().min(1).describe('Session ID (list_sessions shows it)');

const listSessions = z.object({
  activeWithinSeconds: z
    .number()
    .int()
    .min(1)
    .default(960)
    .describe('Only sessions active in the last N seconds'),
});
const searchItems = z.object({
  searchTerm: z.string().min(1).describe('Words in the title'),
  includeItemTypes: z
    .string()
    .optional()
    .describe('Comma-separated types: Movie, Series, Episode, MusicAlbum, Audio, Book'),
  limit: z.number().int().min(1).max(100).default(20).describe('Items to return'),
});
const playstate = z.object({
  sessionId,
  command: z
    .enum(['Pause', 'Unpause', 'PlayPause', 'Stop', 'NextTrack', 'PreviousTrack'])
    .describe('Playback command'),
});
const message = z.object({
  sessionId,
  Header: z.string().optional().describe('Heading of the message'),
  Text: z.string().min(1).describe('Message shown on the screen'),
  TimeoutMs: z.number().int().optional().describe('How long it stays, in milliseconds'),
});

/**
 * Jellyfin media server (self-hosted). The API key goes in the `Authorization: MediaBrowser
 * Token=...` header, the form Jellyfin keeps once its legacy X-Emby-Token header is off.
 */
export default defineIntegration({
  id: 'jellyfin',
  name: 'Jellyfin',
  category: 'home',
  docsUrl: 'https://api.jellyfin.org/',
  apiVersion: '10.11',
  baseUrl: 'https://jellyfin.local:8920',
  baseUrlOverride: 'required',
  auth: {
    type: 'api_key',
    placements: [
      { in: 'header', name: 'Authorization', field: 'api_key', prefix: 'MediaBrowser Token=' },
    ],
  },
  fields: [
    {
      name: 'api_key',
      label: 'API key (Dashboard > API Keys)',
      secret: true,
      format: /^[0-9a-f]{32}$/,
      example: '0123456789abcdef0123456789abcdef',
    },
  ],
  testAction: 'get_system_info',
  actions: {
    get_system_info: defineAction<Record<string, never>>({
      description: 'Server name, version, and whether a restart or update is pending.',
      risk: 'read',
      method: 'GET',
      path: '/System/Info',
      input: z.object({}),
      result: (body) =>
        pick(body, [
          'ServerName',
          'Version',
          'OperatingSystem',
          'HasPendingRestart',
          'HasUpdateAvailable',
        ]),
      example: { input: {}, request: 'GET /System/Info' },
    }),
    list_sessions: defineAction<z.input<typeof listSessions>>({
      description: "Who is watching what, on which device, and whether it's paused.",
      risk: 'read',
      method: 'GET',
      path: '/Sessions',
      input: listSessions,
      query: ['activeWithinSeconds'],
      result: (body) =>
        pickEach(body, [
          'Id',
          'UserName',
          'Client',
          'DeviceName',
          'NowPlaying:NowPlayingItem.Name',
          'NowPlayingItem.SeriesName',
          'PlayState.IsPaused',
          'SupportsRemoteControl',
        ]),
      example: {
        input: { activeWithinSeconds: 960 },
        request: 'GET /Sessions?activeWithinSeconds=960',
      },
    }),
    search_items: defineAction<z.input<typeof searchItems>>({
      description: 'Search the libraries for movies, shows, episodes or music.',
      risk: 'read',
      method: 'GET',
      path: '/Items',
      input: searchItems,
      query: (input) => ({
        searchTerm: input.searchTerm,
        includeItemTypes: input.includeItemTypes,
        recursive: true,
        limit: input.limit,
      }),
      result: (body) =>
        pickEach(
          body,
          ['Id', 'Name', 'Type', 'ProductionYear', 'SeriesName', 'RunTimeTicks'],
          'Items',
        ),
      example: {
        input: { searchTerm: 'matrix', includeItemTypes: 'Movie', limit: 20 },
        request: 'GET /Items?searchTerm=matrix&includeItemTypes=Movie&recursive=true&limit=20',
      },
    }),
    playstate_command: defineAction<z.infer<typeof playstate>>({
      description: 'Pause, resume, stop or skip playback on a session.',
      risk: 'write',
      method: 'POST',
      path: '/Sessions/{sessionId}/Playing/{command}',
      input: playstate,
      example: {
        input: { sessionId: '9f1c2e0d8b7a4c3e', command: 'Pause' },
        request: 'POST /Sessions/9f1c2e0d8b7a4c3e/Playing/Pause',
      },
    }),
    send_message: defineAction<z.infer<typeof message>>({
      description: 'Show a message on the screen of a session.',
      risk: 'write',
      method: 'POST',
      path: '/Sessions/{sessionId}/Message',
      input: message,
      body: ['Header', 'Text', 'TimeoutMs'],
      example: {
        input: { sessionId: '9f1c2e0d8b7a4c3e', Text: 'Dinner is ready', TimeoutMs: 10000 },
        request: 'POST /Sessions/9f1c2e0d8b7a4c3e/Message',
      },
    }),
    refresh_library: defineAction<Record<string, never>>({
      description: 'Scan all libraries for new and changed media.',
      risk: 'write',
      method: 'POST',
      path: '/Library/Refresh',
      input: z.object({}),
      example: { input: {}, request: 'POST /Library/Refresh' },
    }),
  },
});
