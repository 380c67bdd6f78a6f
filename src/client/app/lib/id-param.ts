import { useParams } from 'react-router';

/** The route's `:id` as a number; undefined when the route has none or it is not digits (a new record). */
export function useIdParam(): number | undefined {
  const { id } = useParams();
  return id !== undefined && /^\d+$/.test(id) ? Number(id) : undefined;
}
