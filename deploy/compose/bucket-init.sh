#!/bin/sh
# Run once by compose.yaml's bucket-init service (and again, harmlessly, on every `up`):
# the bucket for bank statements with versioning on, and the app's own key, which may only
# read, write and delete objects in that bucket.
set -eu

mc alias set store http://minio:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD" >/dev/null
mc mb --ignore-existing "store/$BUCKET"
# Every overwrite or delete keeps the earlier version: the bucket's backup against mistakes.
mc version enable "store/$BUCKET"

cat >/tmp/app-policy.json <<POLICY
{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Effect": "Allow",
      "Action": ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"],
      "Resource": ["arn:aws:s3:::$BUCKET/*"]
    },
    {
      "Effect": "Allow",
      "Action": ["s3:ListBucket", "s3:GetBucketLocation"],
      "Resource": ["arn:aws:s3:::$BUCKET"]
    }
  ]
}
POLICY
mc admin policy create store sesxi-app /tmp/app-policy.json
mc admin user add store "$APP_ACCESS_KEY" "$APP_SECRET_KEY"
# Attaching twice is refused ("already in effect"): fine when the user already has it.
# (Shell only: the mc image has no grep.)
if ! mc admin policy attach store sesxi-app --user "$APP_ACCESS_KEY"; then
  case "$(mc admin user info store "$APP_ACCESS_KEY")" in
    *sesxi-app*) ;;
    *) exit 1 ;;
  esac
fi
echo "bucket $BUCKET ready"
