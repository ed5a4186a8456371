import { Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { ApplicationStepActions } from '../../features/loans/application-steps/application-step-actions';
import {
  applicationSteps,
  useLoanId,
} from '../../features/loans/application-steps/application-steps';
import { useApplicationFound } from '../../features/loans/api/credit-info-show';
import { QuestionnaireEditing } from '../../features/questionnaire/questionnaire-editing';
import { JourneyProgress } from '../../shared/ui/journey-progress';

/**
 * `/questionnaire-review/{id}`: an application's second step, the customer's questionnaire to
 * check and save; back to the loan form, on to the credit consent. The questionnaire's editing
 * screen takes its buttons as a slot, so the loan flow's step buttons are plugged in here and
 * neither feature imports the other.
 */
export function QuestionnaireReviewPage() {
  const navigate = useNavigate();
  const loanId = useLoanId();
  useApplicationFound(loanId);
  return (
    <Stack gap="lg">
      <JourneyProgress journey="application" current="review" />
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
    </Stack>
  );
}
