import { RouteTitle } from '../../ui/page-title';
import { ChangePasswordCard } from './change-password-card';
import { LoginIpsCard } from './login-ips-card';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

/** /security: password, 2FA, login IPs and active sessions. */
export default function SecurityPage() {
  return (
    <>
      <RouteTitle />
      <div className="row">
        <div className="col-xl-5">
          <ChangePasswordCard />
          <TwoFactorCard />
        </div>
        <div className="col-xl-7">
          <LoginIpsCard />
          <SessionsCard />
        </div>
      </div>
    </>
  );
}
