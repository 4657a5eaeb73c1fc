import { request } from './client';

/** Something the runtime raised for the operator: a reminder due, a monitor down, a price crossed. */
export interface Notification {
  notification_id: string;
  event_id: string;
  /** Dotted, noun first: `reminder.due`, `monitor.down`, `price.crossed`. */
  kind: string;
  title: string;
  detail: Record<string, unknown>;
  created_at: string;
  read_at: string | null;
}

export interface NotificationList {
  notifications: Notification[];
  unread_count: number;
}

export const fetchNotifications = (signal?: AbortSignal) =>
  request<NotificationList>('/api/notifications', { query: { limit: 30 }, signal });

export const markNotificationRead = (id: string) =>
  request<{ ok: true }>(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' });

export const markAllNotificationsRead = () =>
  request<{ ok: true; marked: number }>('/api/notifications/read-all', { method: 'POST' });
