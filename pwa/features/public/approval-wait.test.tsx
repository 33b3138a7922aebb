import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { rememberReturnPath } from '../../lib/session/return-to';
import { renderAt } from '../../test-providers';
import { testUser } from '../../test-support';
import { answerRoutes } from '../../test-server';
import { ApprovalWait } from './approval-wait';

describe('Home for an account waiting for approval', () => {
  it('says where the account stands, what happens next and how to reach the club; never to log out and in', () => {
    const pia = testUser('pending', { id: 7, name: 'Pia Pending', email: 'pia@club.test', charterAccepted: true });
    answerRoutes({}, { user: pia });
    renderAt('/', '/', <ApprovalWait />, { user: pia });
    // Opened again with a link kept (the sign-in page keeps it before Home opens).
    cleanup();
    rememberReturnPath('/workout/4');
    renderAt('/', '/', <ApprovalWait />, {});
    const region = screen.getByRole('region', { name: 'Your account is waiting for approval' });
    expect(region).toHaveTextContent('What happens next');
    expect(region).toHaveTextContent('from pia@club.test');
    expect(region).toHaveTextContent('the link you opened (a club workout) opens by itself');
    expect(screen.queryByText(/log out and log in again/i)).toBeNull();
  });

  it('is not shown before the charter, nor to a member', () => {
    answerRoutes({}, { user: null });
    renderAt('/', '/', <ApprovalWait />, { user: testUser('pending', { id: 7, charterAccepted: false }) });
    expect(screen.queryByRole('region')).toBeNull();
    renderAt('/', '/', <ApprovalWait />, { user: testUser('member', { id: 8 }) });
    expect(screen.queryByRole('region')).toBeNull();
  });
});
