/**
 * The page the assistant works on: a task list that opts in to page context (its tasks as data)
 * and declares two actions, `add_task` and `complete_task`, that change what the user sees.
 */
import { usePageAction, usePageContext, withPageContext } from '@sightline/page-context/react';
import { useState } from 'react';
import { z } from 'zod';

interface Task {
  id: number;
  title: string;
  done: boolean;
}

const INITIAL: Task[] = [
  { id: 1, title: 'Fix the login redirect', done: false },
  { id: 2, title: 'Update the changelog', done: true },
];

const addTaskInput = z.object({ title: z.string().min(1).max(200).describe('What to do') });
const completeTaskInput = z.object({ id: z.number().int().describe('The task id') });

function TaskList() {
  const [tasks, setTasks] = useState(INITIAL);
  usePageContext({ title: 'Tasks', open: tasks.filter((task) => !task.done).length, tasks });
  usePageAction('add_task', {
    description: 'Add a task to the list',
    input: addTaskInput,
    handler: ({ title }) => {
      const id = Math.max(0, ...tasks.map((task) => task.id)) + 1;
      setTasks((current) => [...current, { id, title, done: false }]);
      return { added: { id, title } };
    },
  });
  usePageAction('complete_task', {
    description: 'Mark a task as done',
    input: completeTaskInput,
    handler: ({ id }) => {
      if (!tasks.some((task) => task.id === id)) {
        return { error: `No task has id ${id}; the page lists the ids.` };
      }
      setTasks((current) =>
        current.map((task) => (task.id === id ? { ...task, done: true } : task)),
      );
      return { completed: id };
    },
  });
  return (
    <ul aria-label="Tasks">
      {tasks.map((task) => (
        <li key={task.id}>{task.done ? <s>{task.title}</s> : task.title}</li>
      ))}
    </ul>
  );
}

/** The task list, registered as a `tasks` node. */
export const Tasks = withPageContext('tasks', TaskList);
