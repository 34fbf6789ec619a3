// Reference: a bare React page (client-rendered), the least a React site ships.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

function Page() {
  const [count, setCount] = useState(0);
  return (
    <main>
      <h1>A bare React page</h1>
      <p>The smallest page a React site can ship: React, ReactDOM and one component.</p>
      <button type="button" onClick={() => setCount((n) => n + 1)}>
        Pressed {count} times
      </button>
    </main>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<Page />);
