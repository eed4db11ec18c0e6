import type { KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';

/**
 * Handlers that make a table row or card open its delivery like its link does: a click, or Enter/Space while
 * the row itself has focus (a key on a link inside it is the link's own business). The caller sets tabIndex={0}.
 */
export function useOpenDeliveryProps() {
  const navigate = useNavigate();
  return (id: string) => ({
    onClick: () => void navigate(paths.delivery(id)),
    onKeyDown: (event: KeyboardEvent) => {
      if (event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
        event.preventDefault();
        void navigate(paths.delivery(id));
      }
    },
  });
}
