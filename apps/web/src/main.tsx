import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The DOM entry point of RouterProvider (it wires in ReactDOM.flushSync for navigate({flushSync})).
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import './index.css';
import { forgetDeliveryCache } from './lib/forget-delivery-cache';

forgetDeliveryCache();

const router = createAppRouter();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
