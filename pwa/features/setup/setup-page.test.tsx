import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CHOOSE_SPORT_ERROR } from '../../../domain/contract/members/setup';
import { SPORTS, SPORT_LABELS, type Sport } from '../../../domain/sports';
import { renderAt } from '../../test-providers';
import { answerRoutes, jsonReply } from '../../test-server';
import { testUser } from '../../test-support';
import { SetupPage } from './setup-page';

const admin = testUser('administrator', { id: 1, name: 'Cox', email: 'cox@rowing.test' });

async function fillIn() {
  await userEvent.type(await screen.findByLabelText('Club name'), 'Rowing Club');
  await userEvent.click(screen.getByRole('checkbox', { name: 'Rowing' }));
  await userEvent.type(screen.getByLabelText('Your name'), 'Cox');
  await userEvent.type(screen.getByLabelText('Email'), 'cox@rowing.test');
  await userEvent.type(screen.getByLabelText('Password'), 'correct-horse');
  await userEvent.click(screen.getByRole('button', { name: 'Create the club' }));
}

describe('SetupPage', () => {
  it('asks and sends with the one-time key of the host’s setup link', async () => {
    const api = answerRoutes({ 'GET /setup': { open: true }, 'POST /setup': { token: 'tok', user: admin } });
    renderAt('/setup?key=one-time-key', '/setup', <SetupPage />, { user: null, visitor: true });
    await fillIn();
    await waitFor(() => expect(api.to('POST /setup')).toHaveLength(1));
    expect(api.to('GET /setup')[0]!.path).toBe('/setup?key=one-time-key');
    expect(api.to('POST /setup')[0]!.body).toEqual({ clubName: 'Rowing Club', sports: ['row'], name: 'Cox', email: 'cox@rowing.test', password: 'correct-horse', key: 'one-time-key' });
  });

  it('sends no key when the page was opened without one (a club set up on its own server)', async () => {
    const api = answerRoutes({ 'GET /setup': { open: true }, 'POST /setup': { token: 'tok', user: admin } });
    renderAt('/setup', '/setup', <SetupPage />, { user: null, visitor: true });
    await fillIn();
    await waitFor(() => expect(api.to('POST /setup')).toHaveLength(1));
    expect(api.to('GET /setup')[0]!.path).toBe('/setup');
    expect(api.to('POST /setup')[0]!.body).not.toHaveProperty('key');
  });

  it('asks which sports the club does, one at least, and keeps what was typed while none is chosen', async () => {
    const api = answerRoutes({ 'GET /setup': { open: true }, 'POST /setup': { token: 'tok', user: admin } });
    renderAt('/setup', '/setup', <SetupPage />, { user: null, visitor: true });
    const group = await screen.findByRole('group', { name: 'Sports the club does' });
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes.map((box) => box.getAttribute('value'))).toEqual([...SPORTS]);
    expect(boxes.map((box) => within(group).getByLabelText(SPORT_LABELS[box.getAttribute('value') as Sport]))).toEqual(boxes);

    await userEvent.type(screen.getByLabelText('Club name'), 'Harbour Runners');
    await userEvent.type(screen.getByLabelText('Your name'), 'Sam');
    await userEvent.type(screen.getByLabelText('Email'), 'sam@harbour.test');
    await userEvent.type(screen.getByLabelText('Password'), 'correct-horse');
    await userEvent.click(screen.getByRole('button', { name: 'Create the club' }));

    // The message is next to the group and read with it; nothing is sent, nothing typed is lost.
    const message = await within(group).findByText(CHOOSE_SPORT_ERROR);
    expect(group.getAttribute('aria-describedby')).toContain(message.id);
    expect(boxes[0]).toHaveAttribute('aria-invalid', 'true');
    expect(api.to('POST /setup')).toHaveLength(0);
    expect(screen.getByLabelText('Club name')).toHaveValue('Harbour Runners');
    expect(screen.getByLabelText('Email')).toHaveValue('sam@harbour.test');
    expect(screen.getByLabelText('Password')).toHaveValue('correct-horse');

    // Space ticks a box from the keyboard; once one is ticked the message goes.
    boxes[2]!.focus();
    await userEvent.keyboard(' ');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Swim' }));
    await waitFor(() => expect(within(group).queryByText(CHOOSE_SPORT_ERROR)).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Create the club' }));
    await waitFor(() => expect(api.to('POST /setup')).toHaveLength(1));
    expect(api.to('POST /setup')[0]!.body).toMatchObject({ clubName: 'Harbour Runners', sports: ['swim', 'run'] });
  });

  it('shows the server’s refusal of the sports next to the group', async () => {
    answerRoutes({ 'GET /setup': { open: true }, 'POST /setup': jsonReply({ error: 'Choose the sports from the list', field: 'sports.0' }, 400) });
    renderAt('/setup', '/setup', <SetupPage />, { user: null, visitor: true });
    await fillIn();
    const group = screen.getByRole('group', { name: 'Sports the club does' });
    expect(await within(group).findByText('Choose the sports from the list')).toBeInTheDocument();
    expect(screen.getByLabelText('Club name')).toHaveValue('Rowing Club');
  });

  it('goes to Home when the club is set up already and no setup link was followed (the app sent here by settings kept from before)', async () => {
    answerRoutes({ 'GET /setup': jsonReply({ error: 'Not found' }, 404) });
    renderAt('/setup', '/setup', <SetupPage />, { user: null, visitor: true });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(screen.queryByText(/set up already/)).not.toBeInTheDocument();
  });

  it('says a used setup link is used, and offers to sign in', async () => {
    answerRoutes({ 'GET /setup': jsonReply({ error: 'Not found' }, 404) });
    renderAt('/setup?key=used-key', '/setup', <SetupPage />, { user: null, visitor: true });
    expect(await screen.findByText('This club is set up already. Sign in, or ask one of its administrators.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.getByTestId('location')).toHaveTextContent('/setup?key=used-key');
  });
});
