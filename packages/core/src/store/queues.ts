/** The runtime's named queues in the key-value store, whose depths health reports. */
export const QUEUES = {
  eventsIncoming: 'events_incoming',
  eventsOutgoing: 'events_outgoing',
  behavioralPending: 'behavioral_pending',
} as const;
