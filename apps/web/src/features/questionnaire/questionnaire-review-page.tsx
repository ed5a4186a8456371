import { useNavigate } from 'react-router';
import { ApplicationStepActions } from '../../shared/loan-application/application-step-actions';
import { applicationSteps, useLoanId } from '../../shared/loan-application/application-steps';
import { QuestionnaireEditing } from './questionnaire-editing';

/**
 * `/questionnaire-review/{id}`: an application's second step, the customer's questionnaire to
 * check and save; back to the loan form, on to the credit consent.
 */
export function QuestionnaireReviewPage() {
  const navigate = useNavigate();
  const loanId = useLoanId();
  return (
    <QuestionnaireEditing
      onSaved={() => navigate(applicationSteps.consent(loanId))}
      actions={({ submitting }) => (
        <ApplicationStepActions
          loanId={loanId}
          back={applicationSteps.edit(loanId)}
          busy={submitting}
        />
      )}
    />
  );
}
