import { render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useLoadedModule } from './use-loaded-module';

const greeting = { Greeting: () => <p>Hello</p> };

function Probe({ load, when }: { load: () => Promise<typeof greeting>; when: boolean }) {
  const module = useLoadedModule(load, when);
  return module ? <module.Greeting /> : <p>Waiting</p>;
}

class Catch extends Component<{ children: ReactNode }, { error?: Error }> {
  state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    return this.state.error ? <p>Failed: {this.state.error.message}</p> : this.props.children;
  }
}

describe('useLoadedModule', () => {
  it('loads nothing until asked, then renders what the module holds', async () => {
    const load = vi.fn(async () => greeting);
    const { rerender } = render(<Probe load={load} when={false} />);
    expect(screen.getByText('Waiting')).toBeVisible();
    expect(load).not.toHaveBeenCalled();
    rerender(<Probe load={load} when />);
    expect(await screen.findByText('Hello')).toBeVisible();
    rerender(<Probe load={load} when={false} />);
    expect(screen.getByText('Hello')).toBeVisible();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fails the render when the module does not load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = () => Promise.reject(new Error('chunk missing'));
    render(
      <Catch>
        <Probe load={load} when />
      </Catch>,
    );
    expect(await screen.findByText('Failed: chunk missing')).toBeVisible();
  });
});
