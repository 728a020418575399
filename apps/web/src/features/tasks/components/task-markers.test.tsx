import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TaskMarkers } from './task-markers';

afterEach(cleanup);

const plain = {
  dueDate: null,
  dueDateHasTime: true,
  remindAt: null,
  urgency: 'medium' as const,
  importance: 'medium' as const,
  checklistProgress: { completed: 0, total: 0 },
  subtaskProgress: { completed: 0, total: 0 },
  completedAt: null,
};

describe('TaskMarkers', () => {
  it('shows nothing for a task without anything to mark', () => {
    const { container } = render(<TaskMarkers task={plain} />);
    expect(container.innerHTML).toBe('');
  });

  it("shows a recurring task's rule, with its next date on hover", () => {
    render(
      <TaskMarkers
        task={{
          ...plain,
          recurrence: { text: 'Every week on Monday', nextDate: new Date('2030-01-07T00:00:00Z') },
        }}
      />,
    );
    const rule = screen.getByText('Every week on Monday');
    expect(rule.parentElement?.getAttribute('title')).toMatch(
      /^Every week on Monday\. Next: Monday 7 January 2030/,
    );
  });

  it('marks a reward until it is claimed', () => {
    const { rerender } = render(<TaskMarkers task={{ ...plain, reward: 'Cake', rewardedAt: null }} />);
    expect(screen.queryByText('Has a reward')).not.toBeNull();
    rerender(<TaskMarkers task={{ ...plain, reward: 'Cake', completedAt: new Date(), rewardedAt: null }} />);
    expect(screen.queryByText('Reward to claim')).not.toBeNull();
    rerender(
      <TaskMarkers task={{ ...plain, reward: 'Cake', completedAt: new Date(), rewardedAt: new Date() }} />,
    );
    expect(screen.queryByText('Reward to claim')).toBeNull();
  });
});
