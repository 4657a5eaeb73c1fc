import { describe, expect, it } from 'vitest';
import ntfy from './messaging/ntfy.js';
import uptimeKuma from './ops/uptime-kuma.js';
import arxiv from './public/arxiv.js';

// Vendors whose answers arrive as text (Prometheus, NDJSON, Atom): their mappers parse it.
const mapper = (result: ((body: unknown) => unknown) | undefined) => {
  if (!result) throw new Error('the action has no result mapper');
  return result;
};

describe('Uptime Kuma metrics', () => {
  const metrics = [
    '# HELP monitor_status Monitor Status (1 = UP, 0= DOWN, 2= PENDING, 3= MAINTENANCE)',
    '# TYPE monitor_status gauge',
    'monitor_status{monitor_id="1",monitor_name="Website",monitor_type="http",monitor_url="https://example.com",monitor_hostname="null",monitor_port="null"} 1',
    'monitor_status{monitor_id="2",monitor_name="NAS",monitor_type="ping",monitor_url="https://",monitor_hostname="192.0.2.10",monitor_port="null"} 0',
    'monitor_response_time{monitor_id="1",monitor_name="Website",monitor_type="http",monitor_url="https://example.com",monitor_hostname="null",monitor_port="null"} 182',
    'monitor_response_time_seconds{monitor_id="1",monitor_name="Website",window="1d"} 0.2',
    'monitor_cert_days_remaining{monitor_id="1",monitor_name="Website",monitor_type="http",monitor_url="https://example.com",monitor_hostname="null",monitor_port="null"} 41',
    'process_cpu_seconds_total 12.5',
  ].join('\n');

  it('turns the Prometheus text into one line per monitor', () => {
    const monitors = mapper(uptimeKuma.actions.get_monitors?.result)(metrics);
    expect(monitors).toEqual([
      {
        id: '1',
        name: 'Website',
        type: 'http',
        target: 'https://example.com',
        status: 'up',
        response_time_ms: 182,
        cert_days_remaining: 41,
      },
      { id: '2', name: 'NAS', type: 'ping', target: 'https://', status: 'down' },
    ]);
  });

  it('gives the latest heartbeat and uptime of each status page monitor', () => {
    const body = {
      heartbeatList: {
        '1': [
          { status: 0, time: '2026-01-01 10:00:00', msg: 'timeout', ping: null },
          { status: 1, time: '2026-01-01 10:01:00', msg: '200 - OK', ping: 97 },
        ],
      },
      uptimeList: { '1_24': 0.998 },
    };
    expect(mapper(uptimeKuma.actions.get_status_page_heartbeats?.result)(body)).toEqual([
      {
        monitor_id: '1',
        status: 'up',
        time: '2026-01-01 10:01:00',
        msg: '200 - OK',
        ping: 97,
        uptime_24h: 0.998,
      },
    ]);
  });
});

describe('ntfy poll', () => {
  it('keeps the messages of the NDJSON stream and drops other events and broken lines', () => {
    const stream = [
      '{"id":"hwQ2YpKdmg","time":1767225600,"event":"open","topic":"alerts"}',
      '{"id":"sPs71M8A2T","time":1767225601,"expires":1767268801,"event":"message","topic":"alerts","title":"Backup","message":"Backup finished","tags":["floppy_disk"],"priority":3}',
      '{"id":"keep","time":1767225660,"event":"keepalive","topic":"alerts"}',
      'not json',
      '',
    ].join('\n');
    expect(mapper(ntfy.actions.poll_messages?.result)(stream)).toEqual([
      {
        id: 'sPs71M8A2T',
        time: 1767225601,
        event: 'message',
        title: 'Backup',
        message: 'Backup finished',
        tags: ['floppy_disk'],
        priority: 3,
      },
    ]);
  });
});

describe('arXiv Atom feed', () => {
  const feed = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" xmlns:arxiv="http://arxiv.org/schemas/atom">
  <title type="html">ArXiv Query: search_query=ti:attention&amp;id_list=&amp;start=0&amp;max_results=1</title>
  <opensearch:totalResults xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">1204</opensearch:totalResults>
  <entry>
    <id>http://arxiv.org/abs/1706.03762v7</id>
    <updated>2023-08-02T00:41:18Z</updated>
    <published>2017-06-12T17:57:34Z</published>
    <title>Attention Is All You
  Need</title>
    <summary>  The dominant sequence transduction models are based on complex recurrent or
convolutional neural networks &amp; attention &lt;mechanisms&gt;.
</summary>
    <author><name>Ashish Vaswani</name></author>
    <author><name>Noam Shazeer</name></author>
    <link href="http://arxiv.org/abs/1706.03762v7" rel="alternate" type="text/html"/>
    <link title="pdf" href="http://arxiv.org/pdf/1706.03762v7" rel="related" type="application/pdf"/>
    <arxiv:primary_category xmlns:arxiv="http://arxiv.org/schemas/atom" term="cs.CL" scheme="http://arxiv.org/schemas/atom"/>
  </entry>
</feed>`;

  it('reads each entry into title, authors, dates, category, PDF link and abstract', () => {
    expect(mapper(arxiv.actions.search?.result)(feed)).toEqual({
      total: 1204,
      papers: [
        {
          id: '1706.03762v7',
          title: 'Attention Is All You Need',
          authors: ['Ashish Vaswani', 'Noam Shazeer'],
          published: '2017-06-12T17:57:34Z',
          updated: '2023-08-02T00:41:18Z',
          category: 'cs.CL',
          pdf: 'http://arxiv.org/pdf/1706.03762v7',
          abstract:
            'The dominant sequence transduction models are based on complex recurrent or convolutional neural networks & attention <mechanisms>.',
        },
      ],
    });
  });

  it('answers an empty list for a feed without entries', () => {
    expect(mapper(arxiv.actions.get_papers?.result)('<feed></feed>')).toEqual({
      total: 0,
      papers: [],
    });
  });
});
